import { Link } from 'react-router-dom';
import { useSession } from '../app/context';
import { Loading } from '../components/cards';
import { isStaff } from '../state/session';

/** The admin area's entry: its screens come with the admin-screens issue; the access rule is already here. */
export default function AdminApp() {
  const { user, status } = useSession();
  if (status === 'loading') return <Loading />;
  if (!isStaff(user)) {
    return (
      <div className="container not-found">
        <h1>Access Denied</h1>
        <p>You need admin privileges to access this page.</p>
        <Link to="/" className="button">Return Home</Link>
      </div>
    );
  }
  return <div className="container"><h1>Admin Dashboard</h1></div>;
}
