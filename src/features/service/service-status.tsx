import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRenderedNow } from '../../components/hydration';
import type { AppConfig } from '../../../contract/api';
import {
  isServiceOpen,
  nextServiceOpening,
  parseClock,
  SERVICE_WINDOW,
  tokyoParts,
  type ServiceWindow,
} from '../../../contract/service-hours';
import './service-status.css';

function windowOf(config: AppConfig | null): ServiceWindow {
  const hours = config?.serviceHours;
  if (!hours) return SERVICE_WINDOW;
  try {
    return { openMinute: parseClock(hours.open), closeMinute: parseClock(hours.close), weekdays: hours.weekdays };
  } catch {
    return SERVICE_WINDOW;
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Chinese customer service: open now or when it opens next, always in Tokyo time. */
export function ServiceStatus({
  config,
  now: fixedNow,
  brief = false,
}: {
  config: AppConfig | null;
  now?: Date;
  brief?: boolean;
}) {
  const { t } = useTranslation();
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    if (fixedNow) return;
    const timer = setInterval(() => setTick(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [fixedNow]);

  // A server-drawn page says what was true when it was drawn until it is hydrated.
  const clientNow = useRenderedNow(tick);
  const now = fixedNow ?? new Date(clientNow);
  const window = windowOf(config);
  const open = isServiceOpen(now, window);
  let statusText = t('home.serviceOpen');
  if (!open) {
    const next = tokyoParts(nextServiceOpening(now, window));
    const when = t('home.serviceOpensAt', {
      weekday: t(`weekday.${next.weekday}`),
      time: `${pad(next.hour)}:${pad(next.minute)}`,
    });
    statusText = t('home.serviceClosed', { when });
  }

  return (
    <div className="service-status">
      <p className="service-hours">{t('home.serviceHours')}</p>
      <p className={open ? 'service-badge service-open' : 'service-badge service-closed'} role="status">
        <span className="service-light" aria-hidden="true" />
        {statusText}
      </p>
      {config && !brief && (
        <p className="service-contact">
          {t('home.serviceContact', { phone: config.contact.phone, email: config.contact.email })}
        </p>
      )}
    </div>
  );
}
