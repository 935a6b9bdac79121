export default function Series() {
  return <div className="container"><h1>Series</h1></div>;
}
