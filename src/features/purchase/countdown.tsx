import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRenderedNow } from '../../components/hydration';

const pad = (n: number) => String(n).padStart(2, '0');

/** "Pay within mm:ss", counted against the server's deadline; says so when time is up. */
export function PayCountdown({ deadline, onExpired }: { deadline: string; onExpired: () => void }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  // A page the server drew counts from the server's clock until hydrated, so the two agree.
  const left = Math.max(0, Math.floor((Date.parse(deadline) - useRenderedNow(now)) / 1000));
  useEffect(() => {
    if (left <= 0) {
      onExpired();
      return;
    }
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [left, onExpired]);
  return (
    <p className="countdown">
      {t('purchase.payWithin')}{' '}
      <strong className="countdown-time">
        {left >= 3600
          ? `${Math.floor(left / 3600)}:${pad(Math.floor((left % 3600) / 60))}:${pad(left % 60)}`
          : `${pad(Math.floor(left / 60))}:${pad(left % 60)}`}
      </strong>
    </p>
  );
}
