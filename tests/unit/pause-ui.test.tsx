import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createInstance } from 'i18next';
import { observer } from 'mobx-react-lite';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { LineHistory, PauseView } from '../../contract/pause-views';
import cn from '../../locales/cn.json';
import ja from '../../locales/ja.json';
import { createHttpClient } from '../../src/api/http-client';
import { LineHistoryList } from '../../src/features/pause/line-history';
import { PauseForm } from '../../src/features/pause/pause-form';
import { PauseOpen } from '../../src/features/pause/pause-open';
import { PauseStore } from '../../src/features/pause/pause-store';
import { expectNoAxeViolations } from './helpers/axe-check';
import { envelope, fakeFetch, type SeenRequest } from './helpers/fake-server';

// Issue 31: the pause page's parts: the months and the fee against the rent, a confirmation
// before the line stops; a booked pause cancelled and a running one resumed, each confirmed;
// the history in words.

afterEach(cleanup);

const options = [
  { start: '2026-12-01', resumeOptions: ['2027-01-01', '2027-02-01', '2027-12-01'] },
  { start: '2027-01-01', resumeOptions: ['2027-02-01', '2028-01-01'] },
];
const view = (over: Partial<PauseView> = {}): PauseView => ({
  lineStatus: 'active',
  canBook: true,
  options,
  keepNumberFee: 330,
  monthlyRent: 3080,
  pause: null,
  ...over,
});
const history: LineHistory = {
  events: [
    { from: 'active', to: 'paused', reason: 'pause_started', at: '2026-11-30T15:00:00Z', by: 'system' },
    { from: 'new', to: 'active', reason: 'activated', at: '2026-10-01T03:00:00Z', by: 'staff' },
  ],
};

const Panel = observer(function Panel({ store }: { store: PauseStore }) {
  const data = store.view.data;
  if (!data) return null;
  return data.pause ? <PauseOpen pause={store} open={data.pause} /> : <PauseForm pause={store} view={data} />;
});

async function drawn(first: PauseView, after: PauseView, lang: 'cn' | 'ja' = 'cn') {
  const { fetch, seen } = fakeFetch((request) => {
    if (request.url.startsWith('/api/line/history')) return { status: 200, body: envelope(history) };
    if (request.method === 'POST') return { status: 200, body: envelope(after) };
    return { status: 200, body: envelope(first) };
  });
  const store = new PauseStore(createHttpClient({ getToken: () => 'tok', getLang: () => lang, fetchImpl: fetch }));
  const i18n = createInstance();
  await i18n.init({ lng: lang, resources: { [lang]: { translation: lang === 'cn' ? cn : ja } } });
  render(
    <I18nextProvider i18n={i18n}>
      <main>
        <Panel store={store} />
        <LineHistoryList pause={store} />
      </main>
    </I18nextProvider>,
  );
  await store.load();
  return { seen, store };
}

const posts = (seen: SeenRequest[], url: string) => seen.filter((r) => r.method === 'POST' && r.url.startsWith(url));
const booked = { id: 1, status: 'booked' as const, startOn: '2026-12-01', resumeOn: '2027-12-01' };

describe('the pause page', () => {
  it('shows the fee against the rent, and books only after the confirmation names the months', async () => {
    const { seen } = await drawn(view(), view({ canBook: false, options: [], pause: booked }));
    const fee = await screen.findByTestId('pause-fee');
    expect(fee.textContent).toContain('330');
    expect(fee.textContent).toContain('3,080');
    // Without an end: the longest, named with its day.
    expect(screen.getByRole('option', { name: cn.pause.longest.replace('{{date}}', '2027-12-01') })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: cn.pause.review }));
    expect(posts(seen, '/api/line/pause')).toHaveLength(0);
    const confirm = document.getElementById('pause-confirm')!;
    expect(confirm.textContent).toContain('2026-12-01');
    expect(confirm.textContent).toContain('2027-12-01');
    await expectNoAxeViolations();
    fireEvent.click(screen.getByRole('button', { name: cn.pause.confirmBook }));
    await screen.findByText(cn.pause.booked.replace('{{start}}', '2026-12-01').replace('{{resume}}', '2027-12-01'));
    const sent = posts(seen, '/api/line/pause');
    expect(sent).toHaveLength(1);
    expect(new URLSearchParams(sent[0]?.body ?? '').get('start')).toBe('2026-12-01');
  });

  it('offers the chosen start month its own resume months', async () => {
    await drawn(view(), view());
    await screen.findByTestId('pause-fee');
    fireEvent.change(screen.getByLabelText(cn.pause.start), { target: { value: '2027-01-01' } });
    expect(screen.getByRole('option', { name: cn.pause.longest.replace('{{date}}', '2028-01-01') })).toBeTruthy();
    expect(screen.getByRole('option', { name: cn.pause.resumeOption.replace('{{date}}', '2027-02-01') })).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('cancels a booked pause only when confirmed', async () => {
    const { seen } = await drawn(view({ canBook: false, options: [], pause: booked }), view());
    fireEvent.click(await screen.findByRole('button', { name: cn.pause.cancel }));
    expect(posts(seen, '/api/line/pause/cancel')).toHaveLength(0);
    expect(screen.getByText(cn.pause.cancelConfirm)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: cn.pause.cancelYes }));
    await screen.findByTestId('pause-fee');
    expect(posts(seen, '/api/line/pause/cancel')).toHaveLength(1);
  });

  it('resumes a running pause now when confirmed, in Japanese, and shows the history in words', async () => {
    const running = { ...booked, status: 'running' as const };
    const { seen } = await drawn(view({ lineStatus: 'paused', canBook: false, pause: running }), view(), 'ja');
    expect(
      await screen.findByText(ja.pause.running.replace('{{resume}}', '2027-12-01').replace('{{start}}', '')),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: ja.pause.resumeNow }));
    await expectNoAxeViolations();
    fireEvent.click(screen.getByRole('button', { name: ja.pause.resumeYes }));
    await waitFor(() => expect(posts(seen, '/api/line/resume')).toHaveLength(1));
    const list = await screen.findByTestId('line-history');
    expect(list.textContent).toContain(ja.line.reasons.pause_started);
    expect(list.textContent).toContain(ja.pause.by.system);
    expect(list.textContent).toContain(ja.line.statuses.paused);
    expect(list.textContent).not.toMatch(/pause_started|system|paused/);
  });
});
