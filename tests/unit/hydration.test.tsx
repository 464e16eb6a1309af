import { act } from '@testing-library/react';
import { createInstance } from 'i18next';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import cn from '../../locales/cn.json';
import { RenderTimeProvider, useHydrated } from '../../src/components/hydration';
import { ServiceStatus } from '../../src/features/service/service-status';

async function i18n() {
  const instance = createInstance();
  await instance.init({ lng: 'cn', resources: { cn: { translation: cn } } });
  return instance;
}

function SignedIn({ isLogin }: { isLogin: boolean }) {
  const hydrated = useHydrated();
  return <a href="/x">{hydrated && isLogin ? 'mine' : 'login'}</a>;
}

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('hydrating a page the server drew', () => {
  it('first shows what the server showed, then what only the phone knows, without a mismatch', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SignedIn isLogin />);
    expect(container.textContent).toBe('login');
    document.body.append(container);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <SignedIn isLogin />, { onRecoverableError: (e) => errors.push(e) });
    });
    expect(errors).toEqual([]);
    expect(container.textContent).toBe('mine');
  });

  it('tells the service hours as they were when drawn, then as they are now', async () => {
    const instance = await i18n();
    // Drawn Monday 10:00 Tokyo (open); hydrated Monday 18:00 Tokyo (closed).
    const drawnAt = new Date('2026-11-23T01:00:00Z').getTime();
    const tree = (renderedAt: number | null) => (
      <I18nextProvider i18n={instance}>
        <RenderTimeProvider renderedAt={renderedAt}>
          <ServiceStatus config={null} />
        </RenderTimeProvider>
      </I18nextProvider>
    );
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(drawnAt);
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree(drawnAt));
    expect(container.textContent).toContain('客服在线');
    document.body.append(container);

    vi.setSystemTime(new Date('2026-11-23T09:00:00Z'));
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, tree(drawnAt), { onRecoverableError: (e) => errors.push(e) });
    });
    expect(errors).toEqual([]);
    expect(container.textContent).toContain('客服已下班');
  });
});
