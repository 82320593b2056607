import { type InvoiceSettings, invoiceSettingsInput } from '@app/shared';
import { NumberInput, Stack, Switch } from '@mantine/core';
import { AppModal, type DialogProps } from '../../../components/app-modal.tsx';
import { DialogFormSubmit } from '../../../components/dialog-form-submit.tsx';
import { NoteField } from '../../../components/note-field.tsx';
import { readableDescription, readableErrors } from '../../../components/readable-styles.ts';
import { TextField } from '../../../components/text-field.tsx';
import { fieldErrors } from '../../../lib/field-errors.ts';
import { useFormValues } from '../../../lib/form-fields.ts';
import { useSaveInvoiceSettings } from '../api.ts';

/** VAT registration, rate, payment terms and the footer printed on every invoice. */
export function InvoiceSettingsForm({
  opened,
  onClose,
  settings,
  fullScreen,
}: DialogProps & { settings: InvoiceSettings | undefined }) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Invoice settings" size="md" fullScreen={fullScreen}>
      {opened && settings && <SettingsBody settings={settings} onSaved={onClose} />}
    </AppModal>
  );
}

function SettingsBody({ settings, onSaved }: { settings: InvoiceSettings; onSaved: () => void }) {
  const save = useSaveInvoiceSettings();
  const { values, setErrors, set, bind } = useFormValues<{
    vatRegistered: boolean;
    vatNumber: string;
    vatRatePercent: number | string;
    invoiceDueDays: number | string;
    invoiceFooter: string;
  }>(() => ({
    vatRegistered: settings.vatRegistered,
    vatNumber: settings.vatNumber,
    vatRatePercent: settings.vatRatePercent,
    invoiceDueDays: settings.invoiceDueDays,
    invoiceFooter: settings.invoiceFooter,
  }));
  const { vatRegistered, vatRatePercent, invoiceDueDays } = values;

  const submit = () => {
    const body = {
      vatRegistered,
      vatNumber: values.vatNumber,
      vatRatePercent: vatRatePercent === '' ? -1 : Number(vatRatePercent),
      invoiceDueDays: invoiceDueDays === '' ? -1 : Number(invoiceDueDays),
      invoiceFooter: values.invoiceFooter,
    };
    const parsed = invoiceSettingsInput.safeParse(body);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    save.mutate(parsed.data, { onSuccess: onSaved });
  };

  return (
    <Stack gap="sm" style={readableErrors}>
      <Switch
        label="The business is VAT registered"
        checked={vatRegistered}
        onChange={(event) => set('vatRegistered')(event.currentTarget.checked)}
      />
      {vatRegistered && (
        <>
          <TextField label="VAT number" {...bind('vatNumber')} maxLength={30} />
          <NumberInput
            label="VAT rate (%)"
            description="Charged on bookings; each invoice line may have its own rate"
            styles={readableDescription}
            {...bind('vatRatePercent')}
            min={0}
            max={100}
            decimalScale={2}
          />
        </>
      )}
      <NumberInput
        label="Payment due after (days)"
        {...bind('invoiceDueDays')}
        min={0}
        max={365}
        allowDecimal={false}
      />
      <NoteField
        label="Footer printed on every invoice"
        description="Bank details, thanks"
        styles={readableDescription}
        value={values.invoiceFooter}
        onChange={set('invoiceFooter')}
        maxLength={2000}
      />
      <DialogFormSubmit change={save} failureTitle="The settings were not saved" onSubmit={submit}>
        Save settings
      </DialogFormSubmit>
    </Stack>
  );
}
