import { useToast } from './Toasts';

/**
 * Runs a confirmed destructive call and reports it: the success text as a toast, or the error.
 * Returns a function to hand to ConfirmationModal's onConfirm.
 */
export function useReportedAction() {
  const toast = useToast();
  return async (action: () => Promise<unknown>, successText: string) => {
    try {
      await action();
      toast.success(successText);
    } catch (err) {
      toast.error(err);
    }
  };
}
