import { useSearchParams } from 'react-router';
import { AppModal } from '../../../components/app-modal.tsx';
import { PrivacyText } from './privacy-text.tsx';
import { TermsText } from './terms-text.tsx';

/**
 * /terms-and-conditions and /cookies-and-privacy-policy redirect to home with a query (spec section 2); the texts
 * open as modals from that query and closing one leaves a clean URL.
 */
export function LegalModals({ businessName }: { businessName: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const close = () => setSearchParams({}, { replace: true });
  return (
    <>
      <AppModal
        opened={searchParams.get('termsandconditions') === 'true'}
        onClose={close}
        title="Terms and conditions"
        size="lg"
      >
        <TermsText businessName={businessName} />
      </AppModal>
      <AppModal
        opened={searchParams.get('cookiesandprivacypolicy') === 'true'}
        onClose={close}
        title="Cookies and privacy policy"
        size="lg"
      >
        <PrivacyText businessName={businessName} />
      </AppModal>
    </>
  );
}
