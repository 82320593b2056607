import { createContext, useContext } from 'react';

/**
 * The add-ons the visitor chose, for the steps after theirs: the free times, what is paid up front, what a
 * voucher pays and the booking itself ask with them. Empty outside the funnel (a reschedule, the owner's phone booking).
 * Apart from the step's component so the first chunk of /book carries no more than this.
 */
export const ChosenAddOns = createContext<readonly string[]>([]);

export function useChosenAddOnIds(): readonly string[] {
  return useContext(ChosenAddOns);
}
