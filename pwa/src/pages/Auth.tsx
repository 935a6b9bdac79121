export default function Auth() {
  return <div className="container"><h1>Auth</h1></div>;
}
