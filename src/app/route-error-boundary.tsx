import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function RouteError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <main className="page status-view" role="alert">
      <p>{t('app.loadFailed')}</p>
      <button type="button" className="button button-primary" onClick={onRetry}>
        {t('app.retry')}
      </button>
    </main>
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
