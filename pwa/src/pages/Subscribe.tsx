export default function Subscribe() {
  return <div className="container"><h1>Subscribe</h1></div>;
}
