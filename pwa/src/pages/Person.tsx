export default function Person() {
  return <div className="container"><h1>Person</h1></div>;
}
