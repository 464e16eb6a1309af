import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/page-header';

function RouteError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  // The app's own title bar even here: without the server the customer still needs a way
  // back and, if the message is in the wrong language, the switch.
  return (
    <>
      <PageHeader title={t('app.name')} />
      <main className="page status-view" role="alert">
        <p>{t('app.loadFailed')}</p>
        <button type="button" className="button button-primary" onClick={onRetry}>
          {t('app.retry')}
        </button>
      </main>
    </>
  );
}

interface Props {
  onRetry: () => void;
  children: ReactNode;
}

/** One per route: a page that fails to load or render offers a retry instead of a blank screen. */
export class RouteErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  private readonly retry = () => {
    this.props.onRetry();
    this.setState({ failed: false });
  };

  override render() {
    return this.state.failed ? <RouteError onRetry={this.retry} /> : this.props.children;
  }
}
