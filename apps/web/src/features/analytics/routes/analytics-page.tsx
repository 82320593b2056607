import { PlaceholderPage } from '../../../components/placeholder-page.tsx';

export function AnalyticsPage() {
  return <PlaceholderPage title="Analytics" description="Visits, bookings and conversion over time." />;
}
