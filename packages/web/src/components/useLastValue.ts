import { useEffect, useState } from 'react';

/**
 * The last non-null value: a dialog closing (its subject set to null) keeps showing its texts while
 * it fades out instead of switching to empty or different wording.
 */
export function useLastValue<T>(value: T | null): T | null {
  const [last, setLast] = useState(value);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- remembers the previous non-null value, which render alone cannot know
    if (value != null) setLast(value);
  }, [value]);
  return value ?? last;
}
