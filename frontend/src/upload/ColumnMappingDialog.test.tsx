import { ThemeProvider } from '@mui/material/styles';
import { fireEvent, render as rtlRender, screen } from '@testing-library/react';
import { suggestMapping } from '@portal/shipment-rules';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../theme/theme';
import { ColumnMappingDialog } from './ColumnMappingDialog';
import { chooseColumn, isCompleteSelection } from './mappingSelection';

const render = (ui: ReactElement) => rtlRender(<ThemeProvider theme={theme}>{ui}</ThemeProvider>);

const headers = ['po number', 'awb', 'courier', 'date shipped', 'notes', 'shipping_cost'];

const select = (field: string) => screen.getByTestId<HTMLSelectElement>(`mapping-${field}`);
const continueButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Continue' });

describe('mapping selection', () => {
  it('moves a column from one field to another', () => {
    const next = chooseColumn({ order_id: 'a', tracking_number: 'b' }, 'carrier', 'a');
    expect(next).toEqual({ tracking_number: 'b', carrier: 'a' });
    expect(chooseColumn(next, 'carrier', '')).toEqual({ tracking_number: 'b' });
  });

  it('is complete only with four distinct columns', () => {
    expect(isCompleteSelection({ order_id: 'a', tracking_number: 'b', carrier: 'c' })).toBe(false);
    expect(isCompleteSelection({ order_id: 'a', tracking_number: 'b', carrier: 'c', ship_date: 'c' })).toBe(
      false,
    );
    expect(isCompleteSelection({ order_id: 'a', tracking_number: 'b', carrier: 'c', ship_date: 'd' })).toBe(
      true,
    );
  });
});

describe('ColumnMappingDialog', () => {
  it('is not rendered when closed', () => {
    render(
      <ColumnMappingDialog
        open={false}
        headers={headers}
        initial={{}}
        onCancel={vi.fn()}
        onConfirm={vi.fn()}
      />,
    );
    expect(screen.queryByText('Map Your CSV Columns')).toBeNull();
  });

  it('offers the four fields, each a select of the CSV columns, and no shipping cost', () => {
    render(
      <ColumnMappingDialog open headers={headers} initial={{}} onCancel={vi.fn()} onConfirm={vi.fn()} />,
    );
    expect(screen.getByText('Map Your CSV Columns')).toBeTruthy();
    for (const f of ['order_id', 'tracking_number', 'carrier', 'ship_date']) {
      expect(Array.from(select(f).options).map((o) => o.value)).toEqual(['', ...headers]);
    }
    expect(screen.queryByTestId('mapping-shipping_cost')).toBeNull();
  });

  it('keeps Continue disabled until all four fields have distinct columns; a chosen column leaves the other field', () => {
    const onConfirm = vi.fn();
    render(
      <ColumnMappingDialog open headers={headers} initial={{}} onCancel={vi.fn()} onConfirm={onConfirm} />,
    );
    expect(continueButton().disabled).toBe(true);
    fireEvent.change(select('order_id'), { target: { value: 'po number' } });
    fireEvent.change(select('tracking_number'), { target: { value: 'awb' } });
    fireEvent.change(select('carrier'), { target: { value: 'courier' } });
    expect(continueButton().disabled).toBe(true);
    fireEvent.change(select('ship_date'), { target: { value: 'courier' } });
    expect(select('ship_date').value).toBe('courier');
    expect(select('carrier').value).toBe('');
    expect(continueButton().disabled).toBe(true);
    fireEvent.change(select('carrier'), { target: { value: 'notes' } });
    expect(continueButton().disabled).toBe(false);
    fireEvent.click(continueButton());
    expect(onConfirm).toHaveBeenCalledWith({
      order_id: 'po number',
      tracking_number: 'awb',
      carrier: 'notes',
      ship_date: 'courier',
    });
  });

  it('is pre-filled from suggestMapping', () => {
    render(
      <ColumnMappingDialog
        open
        headers={headers}
        initial={suggestMapping(headers)}
        onCancel={vi.fn()}
        onConfirm={vi.fn()}
      />,
    );
    expect(select('tracking_number').value).toBe('awb');
    expect(select('carrier').value).toBe('courier');
    expect(select('ship_date').value).toBe('date shipped');
  });
});
