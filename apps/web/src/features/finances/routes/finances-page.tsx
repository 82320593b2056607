import { PlaceholderPage } from '../../../components/placeholder-page.tsx';

export function FinancesPage() {
  return <PlaceholderPage title="Finances" description="Income, expenses and tax for each period." />;
}
