import { PlaceholderPage } from '../../../components/placeholder-page.tsx';

export function ExpensesPage() {
  return <PlaceholderPage title="Expenses" description="Business expenses with their receipts." />;
}
