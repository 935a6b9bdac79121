export default function Dashboard() {
  return <div className="container"><h1>Dashboard</h1></div>;
}
