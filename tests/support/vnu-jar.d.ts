/** Types for vnu-jar (plain JavaScript): its export is the path of the Nu Html Checker's vnu.jar, as a String object. */
declare module 'vnu-jar' {
  const vnuJarPath: string
  export default vnuJarPath
}
