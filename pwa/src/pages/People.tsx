export default function People() {
  return <div className="container"><h1>People</h1></div>;
}
