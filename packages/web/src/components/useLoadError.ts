import { useEffect } from 'react';
import { useToast } from './Toasts';

/** An edit modal whose record fails to load reports it once and closes: there is nothing to edit. */
export function useCloseOnLoadError(error: unknown, onClose: () => void): void {
  const toast = useToast();
  useEffect(() => {
    if (error) {
      toast.error(error);
      onClose();
    }
    // Only a new error matters; the callbacks' identities do not.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [error]);
}
