/** The owner's figures for one period on the dashboard, set beside those of the period before. */
export type PeriodFigures = {
  bookings: number;
  revenuePence: number;
  /** Share of open hours booked, 0..1. */
  occupancy: number;
  cancellations: number;
  noShows: number;
};
