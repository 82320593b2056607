import { useSearchParams } from 'react-router';
import { AppModal } from '../../../components/app-modal.tsx';
import { PrivacyText } from './privacy-text.tsx';
import { TermsText } from './terms-text.tsx';

const legalTexts = [
  { query: 'termsandconditions', title: 'Terms and conditions', Text: TermsText },
  { query: 'cookiesandprivacypolicy', title: 'Cookies and privacy policy', Text: PrivacyText },
];

/**
 * /terms-and-conditions and /cookies-and-privacy-policy redirect to home with a query (spec section 2); the texts
 * open as modals from that query and closing one leaves a clean URL.
 */
export function LegalModals({ businessName }: { businessName: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const close = () => setSearchParams({}, { replace: true });
  return legalTexts.map(({ query, title, Text }) => (
    <AppModal key={query} opened={searchParams.get(query) === 'true'} onClose={close} title={title} size="lg">
      <Text businessName={businessName} />
    </AppModal>
  ));
}
