import type { DrillBox, NineBoxes } from '@app/shared';

/** HMRC's nine boxes in order, with the words of its form and the drill-down each opens (none for the EU boxes). */
export const boxRows: { key: keyof NineBoxes; number: number; label: string; drill: DrillBox | null }[] = [
  { key: 'vatDueSales', number: 1, label: 'VAT due on sales and other outputs', drill: '1' },
  {
    key: 'vatDueAcquisitions',
    number: 2,
    label: 'VAT due on acquisitions of goods made in Northern Ireland from EU member states',
    drill: null,
  },
  { key: 'totalVatDue', number: 3, label: 'Total VAT due (boxes 1 and 2)', drill: '3' },
  { key: 'vatReclaimedCurrPeriod', number: 4, label: 'VAT reclaimed on purchases and other inputs', drill: '4' },
  { key: 'netVatDue', number: 5, label: 'Net VAT to pay to HMRC or reclaim', drill: '5' },
  {
    key: 'totalValueSalesExVAT',
    number: 6,
    label: 'Total value of sales and all other outputs, excluding VAT',
    drill: '6',
  },
  {
    key: 'totalValuePurchasesExVAT',
    number: 7,
    label: 'Total value of purchases and all other inputs, excluding VAT',
    drill: '7',
  },
  {
    key: 'totalValueGoodsSuppliedExVAT',
    number: 8,
    label: 'Total value of dispatches of goods from Northern Ireland to EU member states, excluding VAT',
    drill: null,
  },
  {
    key: 'totalAcquisitionsExVAT',
    number: 9,
    label: 'Total value of acquisitions of goods made in Northern Ireland from EU member states, excluding VAT',
    drill: null,
  },
];

/** Boxes 6 to 9 go to HMRC in whole pounds. */
export const wholePoundBoxes = new Set<keyof NineBoxes>([
  'totalValueSalesExVAT',
  'totalValuePurchasesExVAT',
  'totalValueGoodsSuppliedExVAT',
  'totalAcquisitionsExVAT',
]);
