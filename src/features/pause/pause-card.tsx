import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LineHistoryList } from './line-history';
import type { PauseStore } from './pause-store';

/**
 * The line page's pause card: a booked or running pause with its dates, or the offer to pause,
 * with a link to the pause page; then the line's last moves. Quiet while the pause loads and
 * when it fails (the line card above has its own retry).
 */
export const PauseCard = observer(function PauseCard({ pause }: { pause: PauseStore }) {
  const { t } = useTranslation();
  useEffect(() => {
    void pause.load();
  }, [pause]);
  const view = pause.view.data;
  if (!view) return null;
  const open = view.pause;
  return (
    <>
      <section className="card" aria-labelledby="pause-card-title" data-testid="pause-card">
        <h2 id="pause-card-title">{t('pause.cardTitle')}</h2>
        <p>
          {open
            ? t(open.status === 'booked' ? 'pause.booked' : 'pause.running', {
                start: open.startOn,
                resume: open.resumeOn,
              })
            : t('pause.cardNone')}
        </p>
        {(open || view.canBook) && (
          <Link className="button button-outline button-block" to="/pages/user/pause">
            {t(open ? 'pause.cardOpen' : 'pause.cardLink')}
          </Link>
        )}
      </section>
      <LineHistoryList pause={pause} limit={5} />
    </>
  );
});
