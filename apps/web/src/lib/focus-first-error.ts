/**
 * Moves focus to the first field of `form` marked in error, after the errors have rendered, so a refused submit is
 * never silent: a screen reader reads the field and its message, and the field scrolls into view (above a sticky
 * bar, whose page sets scroll-padding for it).
 */
export function focusFirstError(form: HTMLFormElement | null) {
  requestAnimationFrame(() => {
    const field = form?.querySelector<HTMLElement>('[aria-invalid="true"], input[data-error]');
    if (!field) return;
    field.focus({ preventScroll: true });
    field.scrollIntoView({ block: 'center' });
  });
}
