import { fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dashboardParams, defaultDashboardFilter } from '../../api/dashboard';
import { json, installFetchMock } from '../../test/fetchMock';
import { userFixture } from '../../test/fixtures';
import { cleanUpAfterEach, renderWithProviders, screen, signIn, WhenSignedIn } from '../../test/renderWithProviders';
import DashboardPage from './DashboardPage';

const counters = {
  supportPending: 2,
  supportHappening: 1,
  supportFinished: 3,
  leads: 7,
  campaignReplies: 3,
  avgSupportTime: 125.6,
  avgWaitTime: 15.1,
  npsPromotersPerc: 40,
  npsPassivePerc: 40,
  npsDetractorsPerc: 20,
  npsScore: 20,
  npsCount: 5,
};
const attendants = [{ id: 2, name: 'Ana', rating: 8, countRating: 2, avgSupportTime: 44.75, tickets: 3, online: true }];
const answer = () =>
  json(200, {
    counters: JSON.stringify(counters),
    attendants: JSON.stringify(attendants),
    ticketsPerDay: [
      { date: '2025-03-10', count: 2 },
      { date: '2025-03-11', count: 0 },
    ],
    range: { from: '2025-03-10', to: '2025-03-11', timeZone: 'America/Sao_Paulo' },
  });

function renderPage() {
  renderWithProviders(
    <WhenSignedIn>
      <DashboardPage />
    </WhenSignedIn>,
  );
}

cleanUpAfterEach();

describe('dashboard filter', () => {
  it('defaults to the first of the month → today, by date', () => {
    const f = defaultDashboardFilter(new Date(2025, 2, 12, 15, 0));
    expect(f).toMatchObject({ type: 'date', dateFrom: '2025-03-01', dateTo: '2025-03-12', period: 0 });
    expect(dashboardParams(f)).toEqual({ date_from: '2025-03-01', date_to: '2025-03-12' });
  });

  it('builds parameters from period, tag, user and sector; nothing set → null', () => {
    const none = { ...defaultDashboardFilter(), type: 'period' as const, period: 0 as const };
    expect(dashboardParams(none)).toBeNull();
    expect(dashboardParams({ ...none, dateFrom: '', dateTo: '', type: 'date' })).toBeNull();
    expect(dashboardParams({ ...none, period: 7 })).toEqual({ days: 7 });
    expect(dashboardParams({ ...none, tagId: 4, userId: 2, queueId: 9 })).toEqual({ tag: 4, userId: 2, queueId: 9 });
  });

  it("shows 'Set up the filter' (pt: 'Parametrize o filtro') and makes no request when nothing is set", async () => {
    const user = userEvent.setup();
    const { callsTo } = installFetchMock({
      ...signIn(userFixture({ id: 1, profile: 'admin' })),
      'GET /api/dashboard': answer,
      'GET /api/tags/list': () => json(200, []),
      'GET /api/queue': () => json(200, []),
      'GET /api/users': () => json(200, { users: [], hasMore: false, count: 0 }),
    });
    renderPage();
    // The default filter (this month) loads at once.
    await screen.findByTestId('card-waiting', {}, { timeout: 5000 });
    expect(callsTo('GET /api/dashboard')).toHaveLength(1);

    // Period "none" and nothing else: no request, the message instead.
    fireEvent.change(screen.getByTestId('dashboard-filter-type'), { target: { value: 'period' } });
    await user.click(screen.getByTestId('dashboard-submit'));
    expect(await screen.findByTestId('dashboard-no-filter')).toHaveProperty('textContent', expect.stringContaining('Set up the filter'));
    expect(callsTo('GET /api/dashboard')).toHaveLength(1);
    expect(screen.queryByTestId('card-waiting')).toBeNull();

    // A period: one request with days.
    fireEvent.change(screen.getByTestId('dashboard-period'), { target: { value: '7' } });
    await user.click(screen.getByTestId('dashboard-submit'));
    await screen.findByTestId('card-waiting', {}, { timeout: 5000 });
    await waitFor(() => expect(callsTo('GET /api/dashboard')).toHaveLength(2));
    const last = vi.mocked(fetch).mock.calls.at(-1)![0] as string;
    expect(String(last)).toContain('days=7');
  });

  it('shows the six cards (times as hours and minutes), NPS percentages and the attendants', async () => {
    const user = userEvent.setup();
    installFetchMock({
      ...signIn(userFixture({ id: 1, profile: 'admin' })),
      'GET /api/dashboard': answer,
      'GET /api/tags/list': () => json(200, []),
      'GET /api/queue': () => json(200, []),
      'GET /api/users': () => json(200, { users: [], hasMore: false, count: 0 }),
    });
    renderPage();
    expect((await screen.findByTestId('card-waiting-value', {}, { timeout: 5000 })).textContent).toBe('2');
    expect(screen.getByTestId('card-in-service-value').textContent).toBe('1');
    expect(screen.getByTestId('card-resolved-value').textContent).toBe('3');
    expect(screen.getByTestId('card-leads-value').textContent).toBe('7');
    expect(screen.getByTestId('card-campaign-replies-value').textContent).toBe('3');
    expect(screen.getByTestId('card-avg-support-value').textContent).toBe('2h 6min');
    expect(screen.getByTestId('card-avg-wait-value').textContent).toBe('0h 15min');
    expect(screen.getByTestId('tickets-per-day-chart').getAttribute('data-total')).toBe('2');

    await user.click(screen.getByTestId('dashboard-tab-nps'));
    expect(screen.getByTestId('card-promoters-value').textContent).toBe('40%');
    expect(screen.getByTestId('card-neutrals-value').textContent).toBe('40%');
    expect(screen.getByTestId('card-detractors-value').textContent).toBe('20%');
    expect(screen.getByTestId('card-score-value').textContent).toBe('20%');

    await user.click(screen.getByTestId('dashboard-tab-attendants'));
    const row = screen.getByTestId('dashboard-attendant-2');
    expect(within(row).getByText('Ana')).toBeTruthy();
    expect(within(row).getByTestId('attendant-avg-time').textContent).toBe('0h 45min');
    expect(within(row).getByTestId('attendant-online').getAttribute('data-online')).toBe('true');
    expect(within(row).getByRole('img', { name: /8 Stars/i })).toBeTruthy();
  });

  it('attendants get no users filter', async () => {
    const { callsTo } = installFetchMock({
      ...signIn(userFixture({ id: 3, profile: 'user' })),
      'GET /api/dashboard': answer,
      'GET /api/tags/list': () => json(200, []),
      'GET /api/queue': () => json(200, []),
    });
    renderPage();
    await screen.findByTestId('card-waiting', {}, { timeout: 5000 });
    expect(screen.queryByTestId('dashboard-user')).toBeNull();
    expect(callsTo('GET /api/users')).toHaveLength(0);
  });
});
