import { Route, Routes } from 'react-router-dom';
import { Overview } from './dashboard/Overview';
import { PodcastLibrary } from './dashboard/PodcastLibrary';
import { ProfilePage } from './dashboard/ProfilePage';
import { ReadingList } from './dashboard/ReadingList';
import { SettingsPage } from './dashboard/SettingsPage';
import { RequireUser } from './dashboard/layout';
import NotFound from './NotFound';

/** /dashboard/*: the account pages need a reader; the reading list and podcasts open signed out (contract.md §6). */
export default function Dashboard() {
  return (
    <Routes>
      <Route index element={<RequireUser>{(user) => <Overview user={user} />}</RequireUser>} />
      <Route path="profile" element={<RequireUser>{(user) => <ProfilePage key={user.id} user={user} />}</RequireUser>} />
      <Route path="settings" element={<RequireUser>{(user) => <SettingsPage user={user} />}</RequireUser>} />
      <Route path="reading-list" element={<ReadingList />} />
      <Route path="podcasts" element={<PodcastLibrary />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
