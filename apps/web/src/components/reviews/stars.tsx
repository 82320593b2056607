import classes from './stars.module.css';

const STAR_PATH =
  'M12 17.75l-6.172 3.245l1.179 -6.873l-5 -4.867l6.9 -1l3.086 -6.253l3.086 6.253l6.9 1l-5 4.867l1.179 6.873z';

function Row({ className = '' }: { className?: string | undefined }) {
  return (
    <span className={`${classes.row} ${className}`}>
      {[0, 1, 2, 3, 4].map((index) => (
        <svg key={index} viewBox="0 0 24 24" aria-hidden focusable="false">
          <path d={STAR_PATH} />
        </svg>
      ))}
    </span>
  );
}

/**
 * A rating out of five, shown as stars to a fraction of a star. Mantine's Rating is an input: its code, with the
 * hooks an input needs, was the largest script the home page fetched below the fold (issue 27).
 */
export function Stars({ value, label }: { value: number; label: string }) {
  const share = Math.min(5, Math.max(0, value)) * 20;
  return (
    <span className={classes.stars} role="img" aria-label={label}>
      <Row className={classes.empty} />
      <span className={classes.full} style={{ width: `${share}%` }}>
        <Row />
      </span>
    </span>
  );
}
