import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The shop a Shopify connection is installed in; a shop belongs to one company. Migration 1764300002600. */
@Entity('shopify_shops')
export class ShopifyShop {
  @PrimaryColumn({ name: 'connection_id', type: 'uuid' })
  connectionId: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  /** `<name>.myshopify.com` */
  @Column({ name: 'shop_domain', type: 'text' })
  shopDomain: string;

  /** The scopes Shopify granted, comma-separated. */
  @Column({ type: 'text', default: '' })
  scopes: string;

  @Column({ name: 'installed_at', type: 'timestamptz', default: () => 'now()' })
  installedAt: Date;

  @Column({ name: 'uninstalled_at', type: 'timestamptz', nullable: true })
  uninstalledAt: Date | null;
}

/**
 * A Shopify webhook delivery, once per shop and `X-Shopify-Webhook-Id` (a replay or a retry is absorbed
 * by the key). Holds the topic and the Shopify order id only, never the delivered body. Migration
 * 1764300002600.
 */
@Entity('shopify_webhooks')
export class ShopifyWebhook {
  @PrimaryColumn({ name: 'shop_domain', type: 'text' })
  shopDomain: string;

  @PrimaryColumn({ name: 'webhook_id', type: 'text' })
  webhookId: string;

  @Column({ type: 'text' })
  topic: string;

  @Column({ name: 'connection_id', type: 'uuid', nullable: true })
  connectionId: string | null;

  @Column({ name: 'order_id', type: 'text', nullable: true })
  orderId: string | null;

  @Column({ name: 'received_at', type: 'timestamptz', default: () => 'now()' })
  receivedAt: Date;

  @Column({ name: 'done_at', type: 'timestamptz', nullable: true })
  doneAt: Date | null;
}
