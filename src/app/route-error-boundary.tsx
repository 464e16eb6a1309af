import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/page-header';
import { SupportReference } from '../components/support-reference';
import { ClientError } from '../lib/http-core';

function RouteError({ onRetry, reference }: { onRetry: () => void; reference: string }) {
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
        <SupportReference id={reference} />
      </main>
    </>
  );
}

interface Props {
  onRetry: () => void;
  children: ReactNode;
}

/** One per route: a page that fails to load or render offers a retry instead of a blank screen. */
export class RouteErrorBoundary extends Component<Props, { failed: boolean; reference: string }> {
  override state = { failed: false, reference: '' };

  // A page whose data failed to load throws the call's error: its request id is the reference.
  static getDerivedStateFromError(error: unknown): { failed: boolean; reference: string } {
    return { failed: true, reference: error instanceof ClientError ? error.requestId : '' };
  }

  private readonly retry = () => {
    this.props.onRetry();
    this.setState({ failed: false, reference: '' });
  };

  override render() {
    return this.state.failed ? (
      <RouteError onRetry={this.retry} reference={this.state.reference} />
    ) : (
      this.props.children
    );
  }
}
