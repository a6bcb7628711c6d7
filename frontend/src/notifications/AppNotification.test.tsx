import { act, fireEvent, render, screen } from '@testing-library/react';
import { at } from '../test/at';
import { AdminContext, testDataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../api/queryClient';
import { theme } from '../theme/theme';
import { AppNotification, TOAST_DURATION_MS } from './AppNotification';
import { useToast } from './toast';

let show: ReturnType<typeof useToast>;
function Probe() {
  show = useToast();
  return null;
}

function renderHost() {
  render(
    <AdminContext queryClient={createQueryClient()} theme={theme} dataProvider={testDataProvider()}>
      <Probe />
      <AppNotification />
    </AdminContext>,
  );
}

afterEach(() => vi.useRealTimers());

describe('AppNotification', () => {
  it('shows one toast; a new one replaces it instead of queueing', () => {
    renderHost();
    act(() => show({ title: 'First', variant: 'success' }));
    expect(screen.getByTestId('toast').textContent).toContain('First');
    act(() => show({ title: 'Second', variant: 'destructive' }));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(screen.getByTestId('toast').textContent).toContain('Second');
    expect(screen.queryByText('First')).toBeNull();
  });

  it('says messages sent together in one toast, so none is lost', () => {
    renderHost();
    act(() => {
      show({ title: 'Authentication failed', description: 'Access denied', variant: 'destructive' });
      show({ title: 'Sign in failed', variant: 'destructive' });
    });
    const toasts = screen.getAllByTestId('toast');
    expect(toasts).toHaveLength(1);
    expect(at(toasts, 0).textContent).toContain('Authentication failed');
    expect(at(toasts, 0).textContent).toContain('Access denied · Sign in failed');
  });

  it('says a message sent twice in one go once', () => {
    renderHost();
    act(() => {
      show({ title: 'Orders Refreshed', variant: 'success' });
      show({ title: 'Orders Refreshed', variant: 'success' });
    });
    const toasts = screen.getAllByTestId('toast');
    expect(toasts).toHaveLength(1);
    expect(at(toasts, 0).textContent).toBe('Orders Refreshed');
  });

  it('has a close button', () => {
    renderHost();
    act(() => show({ title: 'Closable' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('goes after 5 s even while the pointer rests on it', () => {
    vi.useFakeTimers();
    renderHost();
    act(() => show({ title: 'Hovered' }));
    fireEvent.mouseEnter(screen.getByTestId('toast'));
    fireEvent.mouseOver(screen.getByTestId('toast'));
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    });
    expect(screen.getByTestId('toast')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('is dismissed by a swipe to the right of at least 50 px', () => {
    renderHost();
    act(() => show({ title: 'Swiped' }));
    const region = screen.getByTestId('toast-region');
    fireEvent.pointerDown(region, { clientX: 100 });
    fireEvent.pointerUp(region, { clientX: 130 });
    expect(screen.getByTestId('toast')).toBeTruthy();
    fireEvent.pointerDown(region, { clientX: 100 });
    fireEvent.pointerUp(region, { clientX: 150 });
    expect(screen.queryByTestId('toast')).toBeNull();
  });
});
