import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const pad = (n: number) => String(n).padStart(2, '0');

/** "Pay within mm:ss", counted against the server's deadline; says so when time is up. */
export function PayCountdown({ deadline, onExpired }: { deadline: string; onExpired: () => void }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.floor((Date.parse(deadline) - now) / 1000));
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
