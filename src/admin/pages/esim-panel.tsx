import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { StaffEsim, StaffProfile } from '../../../contract/esim-views';
import { formatPhone } from '../../../contract/line-rules';
import { formatTime, yen } from '../format';
import { useAdmin } from '../stores/store-context';
import { EsimReissueForm } from './esim-reissue-form';

/** A profile's status in words, installed marked as done. */
export function ProfileStatus({ profile }: { profile: StaffProfile }) {
  const { t } = useTranslation();
  const tone = profile.status === 'installed' ? 'tag tag-ok' : 'tag';
  return <span className={tone}>{t(`admin.esim.statuses.${profile.status}`)}</span>;
}

const providerState = (t: (key: string) => string, profile: StaffProfile) =>
  profile.providerState ? t(`admin.esim.providerStates.${profile.providerState}`) : '—';

/** The profile the order's line holds now: never its matching ID or code (the server sends neither). */
const CurrentProfile = observer(function CurrentProfile({ esim }: { esim: StaffEsim }) {
  const { t } = useTranslation();
  const { language } = useAdmin();
  const profile = esim.current;
  if (!profile) return <p className="muted">{t('admin.esim.panel.noProfile')}</p>;
  const facts: [string, ReactNode][] = [
    ['iccid', <span className="mono">{profile.iccid}</span>],
    ['status', <ProfileStatus profile={profile} />],
    ['providerState', providerState(t, profile)],
    ['msisdn', profile.msisdn ? formatPhone(profile.msisdn) : '—'],
    ['smdpAddress', profile.smdpAddress],
    ['assignedAt', formatTime(profile.assignedAt, language.lang)],
    ['markedInstalledAt', formatTime(esim.markedInstalledAt, language.lang)],
    ['installedAt', formatTime(profile.installedAt, language.lang)],
  ];
  return (
    <dl className="facts">
      {facts.map(([key, value]) => (
        <div key={key}>
          <dt>{t(`admin.esim.fields.${key}`)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
});

/** Every profile the line held, newest first: a reissue leaves the old one released. */
const ProfileHistory = observer(function ProfileHistory({ profiles }: { profiles: StaffProfile[] }) {
  const { t } = useTranslation();
  const { language } = useAdmin();
  return (
    <table className="esim-profiles">
      <caption>{t('admin.esim.panel.profiles')}</caption>
      <thead>
        <tr>
          {['iccid', 'status', 'providerState', 'assignedAt', 'installedAt', 'releasedAt'].map((key) => (
            <th key={key} scope="col">
              {t(`admin.esim.fields.${key}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {profiles.map((profile) => (
          <tr key={profile.iccid}>
            <td className="mono">{profile.iccid}</td>
            <td>
              <ProfileStatus profile={profile} />
            </td>
            <td>{providerState(t, profile)}</td>
            <td>{formatTime(profile.assignedAt, language.lang)}</td>
            <td>{formatTime(profile.installedAt, language.lang)}</td>
            <td>{formatTime(profile.releasedAt, language.lang)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
});

const Reissues = observer(function Reissues({ esim }: { esim: StaffEsim }) {
  const { t } = useTranslation();
  const { language } = useAdmin();
  if (esim.reissues.length === 0) return <p className="muted">{t('admin.esim.panel.noReissues')}</p>;
  return (
    <table className="esim-reissues">
      <caption className="visually-hidden">{t('admin.esim.panel.reissues')}</caption>
      <thead>
        <tr>
          {['reissueNo', 'status', 'reason', 'fee', 'createdAt', 'doneAt'].map((key) => (
            <th key={key} scope="col">
              {t(`admin.esim.fields.${key}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {esim.reissues.map((reissue) => (
          <tr key={reissue.reissueNo}>
            <td className="mono">{reissue.reissueNo}</td>
            <td>{t(`admin.esim.reissueStatuses.${reissue.status}`)}</td>
            <td>{t(`admin.esim.reasons.${reissue.reason}`)}</td>
            <td>{reissue.fee === 0 ? t('admin.esim.panel.free') : yen(reissue.fee)}</td>
            <td>{formatTime(reissue.createdAt, language.lang)}</td>
            <td>{formatTime(reissue.doneAt, language.lang)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
});

/**
 * An eSIM order's profile (issue 30): the one its line holds, whether it waits for stock, the
 * profiles it held before and its reissues; staff who fulfil may reissue from here.
 */
export const EsimPanel = observer(function EsimPanel({ esim, status }: { esim: StaffEsim; status: string }) {
  const { t } = useTranslation();
  const { session } = useAdmin();
  // A reissue replaces the profile of an open line (the server refuses NO_LINE before activation:
  // a profile not yet installed is still the one to install).
  const reissuable = esim.current !== null && status === 'active';
  return (
    <section className="panel esim-panel" aria-labelledby="esim-heading">
      <h2 id="esim-heading">{t('admin.esim.panel.title')}</h2>
      {esim.waitingStock ? (
        <p className="esim-waiting" role="status">
          {t('admin.esim.panel.waitingStock')} <Link to="/esim">{t('admin.esim.panel.stockLink')}</Link>
        </p>
      ) : null}
      <h3>{t('admin.esim.panel.current')}</h3>
      <CurrentProfile esim={esim} />
      {esim.profiles.length > 0 ? <ProfileHistory profiles={esim.profiles} /> : null}
      <h3>{t('admin.esim.panel.reissues')}</h3>
      <Reissues esim={esim} />
      {reissuable && session.can('fulfil') ? <EsimReissueForm esim={esim} /> : null}
    </section>
  );
});
