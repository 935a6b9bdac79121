export default function Watch() {
  return <div className="container"><h1>Watch</h1></div>;
}
