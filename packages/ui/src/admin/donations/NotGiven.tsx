/** Text for a value the record does not have: a dash to the eye, words to a screen reader. */
export function NotGiven({ label = 'Not given' }: { label?: string }) {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="cs-visually-hidden">{label}</span>
    </>
  );
}
