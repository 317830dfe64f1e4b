import { NotAvailable } from '../../components/NotAvailable';

/** Routes whose feature has not landed yet (dashboard, tickets, contacts, …). */
export default function NotAvailablePage() {
  return <NotAvailable />;
}
