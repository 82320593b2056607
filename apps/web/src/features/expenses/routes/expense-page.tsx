import { useParams } from 'react-router';
import { PlaceholderPage } from '../../../components/placeholder-page.tsx';

export function ExpensePage() {
  const { expenseId } = useParams();
  return <PlaceholderPage title="Expense" description={`Details and receipt of expense ${expenseId ?? ''}.`} />;
}
