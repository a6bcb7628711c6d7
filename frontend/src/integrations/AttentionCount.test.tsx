import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/fetchMock';
import { renderScreen } from '../test/render';
import { AttentionCount } from './AttentionCount';
import { held } from './testData';

afterEach(() => vi.unstubAllGlobals());

describe('AttentionCount', () => {
  it('shows how many labels wait, and nothing when none does or the reader may not see them', async () => {
    const fetch = mockApi({
      'GET /api/integrations/attention': { body: { items: [held('h-1'), held('h-2'), held('h-3')] } },
    });
    const view = renderScreen(<AttentionCount enabled />);
    const badge = await screen.findByTestId('attention-count');
    expect(badge.textContent).toBe('3');
    expect(badge.getAttribute('aria-label')).toBe('3 labels need attention');
    view.unmount();

    fetch.mockClear();
    renderScreen(<AttentionCount enabled={false} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.queryByTestId('attention-count')).toBeNull();
  });
});
