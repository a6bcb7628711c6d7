import { escapeHtml } from './http.js';
import type { FaireMoney, FaireOrder } from './types.js';

/**
 * The page a person sees when they open an order link in sandbox mode (the stand-in for Faire's brand
 * portal order page): the order's state, dates, retailer, items, shipments and payout, readable at a
 * glance. The same URL still answers JSON to clients that do not ask for HTML.
 */
const STYLE = `
*{box-sizing:border-box}body{margin:0;background:#f6f4ef;color:#222;
font:15px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Helvetica,Arial,sans-serif}
main{max-width:860px;margin:0 auto;padding:24px 16px 48px}
.badge{display:inline-block;font-size:12px;letter-spacing:.08em;text-transform:uppercase;color:#6b5e4b;
background:#efe9dd;border-radius:999px;padding:2px 10px;margin-bottom:8px}
h1{font-size:26px;margin:0 0 4px}h2{font-size:17px;margin:0 0 10px}
.state{display:inline-block;font-weight:600;font-size:13px;border-radius:6px;padding:2px 8px;background:#e6efe9;color:#0f3d3e}
.card{background:#fff;border-radius:12px;padding:20px;margin-top:16px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
dl{display:grid;grid-template-columns:repeat(auto-fill,minmax(180px,1fr));gap:12px 20px;margin:0}
dt{font-size:11px;font-weight:600;letter-spacing:.06em;text-transform:uppercase;color:#777}dd{margin:2px 0 0}
table{width:100%;border-collapse:collapse}th,td{text-align:left;padding:8px 6px;border-bottom:1px solid #eee;vertical-align:top}
th{font-size:12px;color:#777;font-weight:600}td.num,th.num{text-align:right}
.muted{color:#777}code{font-family:ui-monospace,Menlo,monospace}`;

const date = (iso: string | null | undefined) =>
  iso
    ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) +
      ' UTC'
    : '—';

function money(m: FaireMoney | null | undefined): string {
  if (!m) return '—';
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: m.currency || 'USD' }).format(
    m.amount_minor / 100,
  );
}

function field(label: string, value: string): string {
  return `<div><dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd></div>`;
}

export function orderPage(o: FaireOrder): string {
  const customer = [o.customer?.first_name, o.customer?.last_name].filter(Boolean).join(' ');
  const a = o.address;
  const items = o.items
    .map(
      (
        i,
      ) => `<tr><td>${escapeHtml(i.product_name)}${i.variant_name ? ` <span class="muted">(${escapeHtml(i.variant_name)})</span>` : ''}</td>
<td><code>${escapeHtml(i.sku ?? '')}</code></td><td class="num">${i.quantity}</td><td class="num">${escapeHtml(money(i.price))}</td></tr>`,
    )
    .join('');
  const shipments = o.shipments.length
    ? `<table><thead><tr><th>Carrier</th><th>Tracking</th><th>Created</th><th class="num">Postage</th></tr></thead><tbody>${o.shipments
        .map(
          (s) =>
            `<tr><td>${escapeHtml(s.carrier)}</td><td><code>${escapeHtml(s.tracking_code)}</code></td><td>${escapeHtml(date(s.created_at))}</td><td class="num">${escapeHtml(money(s.maker_cost))}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : '<p class="muted">No shipments yet.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Order #${escapeHtml(o.display_id)} – Faire sandbox</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="badge">Faire sandbox</div>
<h1>Order #${escapeHtml(o.display_id)}</h1>
<p><span class="state">${escapeHtml(o.state.replace(/_/g, ' '))}</span> <span class="muted">${escapeHtml(o.id)}</span></p>
<section class="card" aria-label="Order"><dl>
${field('Retailer', a?.company_name || customer || '—')}
${field('Ordered by', customer || '—')}
${field('Placed', date(o.created_at))}
${field('Accepted', date(o.processing_at))}
${field('Expected ship date', date(o.expected_ship_date))}
${field('Ship to', [a?.city, a?.state_code, a?.country_code].filter(Boolean).join(', ') || '—')}
${field('Subtotal', money(o.payout_costs?.subtotal_after_brand_discounts))}
${field('Total payout', money(o.payout_costs?.total_payout))}
${field('Estimated payout', date(o.estimated_payout_at))}
${field('Paid', date(o.payment_initiated_at))}
</dl></section>
<section class="card" aria-label="Items"><h2>Items</h2>
<table><thead><tr><th>Product</th><th>SKU</th><th class="num">Qty</th><th class="num">Price</th></tr></thead><tbody>${items}</tbody></table>
</section>
<section class="card" aria-label="Shipments"><h2>Shipments</h2>${shipments}</section>
</main>
</body>
</html>
`;
}

/** The page for an order link whose order this sandbox does not hold (a reset state, another sandbox). */
export function orderNotFoundPage(orderId: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Order not found – Faire sandbox</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="badge">Faire sandbox</div>
<h1>Order not found</h1>
<section class="card"><p>This sandbox has no order <code>${escapeHtml(orderId)}</code>. Its data may have been
reset since the order was synced: refresh the orders in the portal to see the sandbox's current ones.</p></section>
</main>
</body>
</html>
`;
}
