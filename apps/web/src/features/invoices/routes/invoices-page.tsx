import { PlaceholderPage } from '../../../components/placeholder-page.tsx';

export function InvoicesPage() {
  return <PlaceholderPage title="Invoices" description="Invoices issued to clients, with their payment status." />;
}
