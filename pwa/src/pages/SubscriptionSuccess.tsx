export default function SubscriptionSuccess() {
  return <div className="container"><h1>SubscriptionSuccess</h1></div>;
}
