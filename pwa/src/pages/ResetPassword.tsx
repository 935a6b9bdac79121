export default function ResetPassword() {
  return <div className="container"><h1>ResetPassword</h1></div>;
}
