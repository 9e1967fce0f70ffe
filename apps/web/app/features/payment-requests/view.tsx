/**
 * The office view of every payment-request route (they share the section key
 * `payment_requests`): which screen is decided by the route and its url (flow.ts).
 */
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/react.tsx';
import { usePaths } from '../../config/paths.ts';
import { EmptyState, Panel, usePageRoute } from '../../shell/page-kit.tsx';
import { screenOf } from './flow.ts';
import { RequestsHome } from './home.tsx';
import { RequestDetail } from './request-detail.tsx';
import { RequestForm } from './request-form.tsx';
import { TransactionPicker } from './transaction-picker.tsx';

export function PaymentRequestsView() {
  const { t } = useTranslation('office');
  const paths = usePaths();
  const route = usePageRoute();
  const params = useParams();
  const [search] = useSearchParams();
  const screen = screenOf(route.name, params, search);
  switch (screen.kind) {
    case 'home':
      return screen.requestId ? <RequestDetail id={screen.requestId} /> : <RequestsHome />;
    case 'form':
      return <RequestForm topicId={screen.topicId} subTopicId={screen.subTopicId} transactionId={screen.transactionId} />;
    case 'picker':
      return <TransactionPicker topicId={screen.topicId} subTopicId={screen.subTopicId} />;
    case 'invalid':
      return (
        <Panel>
          <EmptyState
            icon="?"
            title={t('preq_topic_missing_title')}
            text={t('preq_topic_missing_text')}
            links={[{ to: paths.to('office-payment-requests'), label: t('preq_back_to_topics'), primary: true }]}
          />
        </Panel>
      );
  }
}
