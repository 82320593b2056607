import { PlaceholderPage } from '../../../components/placeholder-page.tsx';

export function LedgerPage() {
  return <PlaceholderPage title="Ledger" description="Every posting of the business accounts." />;
}
