import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { Lang } from '../../contract/api';
import cn from '../../locales/cn.json';
import ja from '../../locales/ja.json';
import { createHttpClient } from '../../src/api/http-client';
import { RouteErrorBoundary } from '../../src/app/route-error-boundary';
import { LoadFailed } from '../../src/components/load-failed';
import { ClientError } from '../../src/lib/http-core';
import { Resource } from '../../src/lib/resource';
import { expectNoAxeViolations } from './helpers/axe-check';

// Issue 33: a customer whose page failed to load can tell support which request failed; support
// finds it in the log by that id (docs/operations.md#finding-a-request-by-its-reference).

afterEach(cleanup);

const ID = 'k3v9x2m7q8ab';

function answering(status: number, body: string, headers: Record<string, string> = {}): typeof fetch {
  return () => Promise.resolve(new Response(body, { status, headers }));
}

async function failedResource(fetchImpl: typeof fetch): Promise<Resource<string[]>> {
  const http = createHttpClient({ getToken: () => 'tok', getLang: () => 'cn', fetchImpl });
  const resource = new Resource(() => http.request<string[]>({ url: '/api/faq/lists' }), []);
  await resource.load();
  expect(resource.status).toBe('error');
  return resource;
}

async function draw(lang: Lang, node: ReactNode) {
  const i18n = createInstance();
  await i18n.init({
    lng: lang,
    resources: { [lang]: { translation: lang === 'cn' ? cn : ja } },
    interpolation: { escapeValue: false },
  });
  render(
    <MemoryRouter>
      <I18nextProvider i18n={i18n}>{node}</I18nextProvider>
    </MemoryRouter>,
  );
}

const Faqs = observer(function Faqs({ resource }: { resource: Resource<string[]> }) {
  return <LoadFailed text={resource.message} reference={resource.reference} onRetry={() => void resource.load()} />;
});

describe('the reference on a failed load', () => {
  it.each([
    ['cn', '参考编号：'],
    ['ja', '参照番号：'],
  ] as const)('shows the failed request id from the error envelope (%s)', async (lang, label) => {
    const body = JSON.stringify({ code: 0, msg: 'x', time: 1, data: { error: 'SERVER_ERROR', requestId: ID } });
    const resource = await failedResource(
      answering(500, body, { 'content-type': 'application/json', 'x-request-id': ID }),
    );
    await draw(lang, <Faqs resource={resource} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(`${label}${ID}`);
    expect(screen.getByTestId('support-reference').textContent).toBe(ID);
    expect(screen.getByRole('button').textContent).toBe(lang === 'cn' ? cn.app.retry : ja.app.retry);
    await expectNoAxeViolations();
  });

  it("takes the answer's x-request-id when the body is not our envelope (a proxy's 502)", async () => {
    const resource = await failedResource(answering(502, '<html>Bad gateway</html>', { 'x-request-id': ID }));
    expect(resource.reference).toBe(ID);
  });

  it('shows none for a failure without an id, or with one that is not ours', async () => {
    const hostile = await failedResource(answering(500, '', { 'x-request-id': '<img src=x onerror=alert(1)>' }));
    expect(hostile.reference).toBe('');
    const offline = await failedResource(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(offline.reference).toBe('');
    await draw('cn', <Faqs resource={offline} />);
    expect(screen.queryByTestId('support-reference')).toBeNull();
  });
});

describe("the route's error screen", () => {
  it('shows the reference of the failure that broke the page, and forgets it on retry', async () => {
    let fail = true;
    function Page() {
      if (fail) throw new ClientError(500, 'SERVER_ERROR', '', {}, 'HTTP 500', ID);
      return <p>loaded</p>;
    }
    const quiet = console.error;
    console.error = () => undefined;
    try {
      await draw(
        'ja',
        <RouteErrorBoundary onRetry={() => (fail = false)}>
          <Page />
        </RouteErrorBoundary>,
      );
    } finally {
      console.error = quiet;
    }
    expect(screen.getByRole('alert').textContent).toContain(`参照番号：${ID}`);
    await expectNoAxeViolations();
    fireEvent.click(screen.getByRole('button', { name: ja.app.retry }));
    expect(screen.getByText('loaded')).toBeTruthy();
    expect(screen.queryByTestId('support-reference')).toBeNull();
  });
});
