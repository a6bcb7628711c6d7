import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

export type OrdersView = 'cards' | 'table';

/** Cards (the spec's grouping, the default) or the table, kept in the URL as ?view=table. */
export function useOrdersView(): [OrdersView, (view: OrdersView) => void] {
  const [params, setParams] = useSearchParams();
  const view: OrdersView = params.get('view') === 'table' ? 'table' : 'cards';
  const setView = useCallback(
    (next: OrdersView) =>
      setParams(
        (prev) => {
          // The table's filters, sort and page belong to the table; the cards always show everything.
          const out = new URLSearchParams();
          if (next === 'table') {
            prev.forEach((v, k) => out.set(k, v));
            out.set('view', 'table');
          }
          return out;
        },
        { replace: false },
      ),
    [setParams],
  );
  return [view, setView];
}
