/** The "Try again" inside an inline load error ("Couldn't load the comments. Try again"). */
export function TryAgainButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="font-semibold underline" onClick={onClick}>
      Try again
    </button>
  );
}
