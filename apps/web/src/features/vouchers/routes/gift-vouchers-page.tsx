import { buyVoucherInput, type Voucher, type VoucherPurchase } from '@app/shared';
import { Alert, Anchor, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmingPayment, refetchUntilPaid } from '../../../components/confirming-payment.tsx';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { PaymentForm } from '../../../components/payment-form.tsx';
import { readableTitle } from '../../../components/readable-styles.ts';
import { useServices } from '../../../lib/catalog/api.ts';
import { usePublicConfig } from '../../../lib/config/api.ts';
import { fieldErrors } from '../../../lib/field-errors.ts';
import { formatDay, formatMoney } from '../../../lib/format.ts';
import { Link } from '../../../lib/links.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { myVoucherQuery, useBuyVoucher } from '../api.ts';
import {
  emptyOrder,
  orderBody,
  VoucherOrderFields,
  type VoucherOrderState,
} from '../components/voucher-order-fields.tsx';

/**
 * /gift-vouchers — a client buys a voucher for themselves or as a gift, paid through Stripe. Without Stripe, the page
 * says vouchers are sold in person and how to reach the business. `?voucher=<id>` is where Stripe's redirect lands.
 */
export function GiftVouchersPage() {
  usePageTitle('Gift vouchers');
  const { data: config } = usePublicConfig();
  const { role } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const voucherId = params.get('voucher');

  if (!config) return null;
  const contact = [config.contact.phone, config.contact.email].filter(Boolean).join(' or ');
  return (
    <Container size="sm" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="md">
        <Title order={1}>Gift vouchers</Title>
        {!config.payments.online || !config.payments.publishableKey ? (
          <Text>
            Gift vouchers are sold in person at {config.businessName}
            {contact ? `: call or write to us on ${contact}.` : '.'}
          </Text>
        ) : role === null ? (
          <Stack gap="sm" align="flex-start">
            <Text>Give a massage, or treat yourself. Sign in or create an account to buy a voucher.</Text>
            <Button component={Link} to="/facebook_login">
              Sign in
            </Button>
          </Stack>
        ) : voucherId ? (
          <Bought voucherId={voucherId} onAnother={() => setParams({})} />
        ) : (
          <Buy publishableKey={config.payments.publishableKey} onPaid={(id) => setParams({ voucher: id })} />
        )}
      </Stack>
    </Container>
  );
}

function Buy({ publishableKey, onPaid }: { publishableKey: string; onPaid: (id: string) => void }) {
  const services = useServices();
  const buy = useBuyVoucher();
  const [order, setOrder] = useState<VoucherOrderState>(emptyOrder);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [purchase, setPurchase] = useState<VoucherPurchase | null>(null);

  const submit = () => {
    const parsed = buyVoucherInput.safeParse(orderBody(order));
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    buy.mutate(parsed.data, { onSuccess: setPurchase });
  };

  if (purchase?.clientSecret)
    return (
      <Stack gap="sm">
        <Text>
          {purchase.voucher.label}: {formatMoney(purchase.voucher.valuePence)}
        </Text>
        {/* The server issues the voucher on Stripe's word (the webhook, or Stripe asked directly), never the browser's. */}
        <PaymentForm
          clientSecret={purchase.clientSecret}
          publishableKey={publishableKey}
          amountPence={purchase.voucher.valuePence}
          returnUrl={`${window.location.origin}/gift-vouchers?voucher=${purchase.voucher.id}`}
          onPaid={() => onPaid(purchase.voucher.id)}
        />
      </Stack>
    );
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <VoucherOrderFields order={order} onChange={setOrder} services={services.data ?? []} errors={errors} />
        <FailureAlert error={buy.error} title="The voucher could not be bought" styles={readableTitle} />
        <Button size="md" h={44} onClick={submit} loading={buy.isPending}>
          Continue to payment
        </Button>
      </Stack>
    </Paper>
  );
}

/** Back from paying: the server is asked until Stripe's word has issued the voucher. */
function Bought({ voucherId, onAnother }: { voucherId: string; onAnother: () => void }) {
  const client = useQueryClient();
  const voucher = useQuery({
    ...myVoucherQuery(voucherId),
    refetchInterval: refetchUntilPaid,
  });
  if (voucher.isError)
    return (
      <Alert color="red" title="This voucher could not be found" role="alert">
        {voucher.error.message}
      </Alert>
    );
  const data: Voucher | undefined = voucher.data;
  if (!data || data.status === 'awaiting_payment') return <ConfirmingPayment />;
  return (
    <Stack gap="sm" role="status" aria-live="polite">
      <Alert color="teal" title="Thank you: your voucher is ready" styles={readableTitle}>
        <Stack gap={4}>
          <Text>{data.label}</Text>
          <Text>
            Code: <strong>{data.code}</strong>
          </Text>
          <Text>Valid until {formatDay(data.expiresOn)}.</Text>
          <Text>
            {data.recipientName
              ? `We will email it to ${data.recipientName}${data.sendOn ? ` on ${formatDay(data.sendOn)}` : ''}.`
              : 'We have emailed it to you as a PDF.'}
          </Text>
        </Stack>
      </Alert>
      <Anchor
        component="button"
        type="button"
        onClick={() => {
          void client.invalidateQueries({ queryKey: ['vouchers'] });
          onAnother();
        }}
      >
        Buy another voucher
      </Anchor>
    </Stack>
  );
}
