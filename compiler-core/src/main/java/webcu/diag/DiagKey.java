package webcu.diag;

/**
 * Every message the compiler can print, keyed as javac keys its diagnostics. Call sites pass a key
 * and arguments, never message text; {@code {0}}, {@code {1}} … are the arguments in order. The
 * comment after each constant gives the argument types. Raw mode (tests, autograders) prints the
 * key instead of the text.
 */
public enum DiagKey {
    // ---- lexer and preprocessor
    ERR_UNTERMINATED_COMMENT("err.unterminated.comment", "unterminated /* comment"),
    ERR_UNTERMINATED_STRING("err.unterminated.string", "missing terminating {0} character"), // quote char
    ERR_INVALID_CHARACTER("err.invalid.character", "invalid character ''{0}'' in source"), // char
    ERR_INCLUDE_NOT_FOUND("err.include.not.found", "''{0}'' file not found"), // header name
    ERR_INCLUDE_DEPTH("err.include.depth", "#include nested too deeply"),
    ERR_DIRECTIVE_INVALID("err.directive.invalid", "invalid preprocessing directive"),
    ERR_DIRECTIVE_UNTERMINATED("err.directive.unterminated", "unterminated conditional directive"),
    ERR_DIRECTIVE_UNMATCHED("err.directive.unmatched", "#{0} without #if"), // directive
    ERR_PP_ERROR("err.pp.error", "{0}"), // #error text
    ERR_PP_EXPRESSION("err.pp.expression", "invalid expression in preprocessor directive"),
    ERR_MACRO_ARGS("err.macro.args", "{0} arguments provided to function-like macro invocation"), // too many/too few
    ERR_MACRO_UNTERMINATED("err.macro.unterminated", "unterminated function-like macro invocation"),
    ERR_MACRO_NAME("err.macro.name", "macro name must be an identifier"),
    // ---- parser
    ERR_EXPECTED("err.expected", "expected {0}"), // what
    ERR_EXPECTED_AFTER("err.expected.after", "expected {0} after {1}"), // what, after what
    ERR_EXPECTED_EXPRESSION("err.expected.expression", "expected expression"),
    ERR_EXPECTED_TYPE("err.expected.type", "expected a type"),
    ERR_UNSUPPORTED("err.unsupported", "{0} is not supported"), // construct
    ERR_GOTO("err.goto", "'goto' is not supported: webcu keeps control flow structured; use loops, break and continue"),
    // ---- sema
    ERR_UNDECLARED_IDENTIFIER("err.undeclared.identifier", "use of undeclared identifier ''{0}''"), // name
    WARN_IMPLICIT_FUNCTION("warn.implicit.function", "implicit declaration of function ''{0}''"), // name (C files only)
    ERR_UNKNOWN_TYPE("err.unknown.type", "unknown type name ''{0}''"), // name
    ERR_STD_UNQUALIFIED("err.std.unqualified", "use of undeclared identifier ''{0}''; did you mean ''{1}''?"), // name, std::name
    ERR_STD_UNQUALIFIED_TYPE("err.std.unqualified.type", "unknown type name ''{0}''; did you mean ''{1}''?"), // name, std::name
    ERR_STD_UNQUALIFIED_TEMPLATE("err.std.unqualified.template", "no template named ''{0}''; did you mean ''{1}''?"), // name, std::name
    ERR_REDEFINITION("err.redefinition", "redefinition of ''{0}''"), // name
    ERR_NO_MEMBER("err.no.member", "no member named ''{0}'' in ''{1}''"), // member, type
    ERR_DTOR_TYPE("err.dtor.type", "destructor type ''{0}'' in object destruction expression does not match the type ''{1}'' of the object being destroyed"), // named, object type
    ERR_NOT_ASSIGNABLE("err.not.assignable", "expression is not assignable"),
    ERR_ASSIGN_CONST("err.assign.const", "cannot assign to variable ''{0}'' with const-qualified type ''{1}''"), // name, type
    ERR_ASSIGN_READONLY("err.assign.readonly", "read-only variable is not assignable"),
    ERR_INCOMPATIBLE("err.incompatible", "cannot initialize a value of type ''{0}'' with an expression of incompatible type ''{1}''"), // to, from
    ERR_STRING_TOO_LONG("err.string.too.long", "initializer-string for char array is too long"),
    ERR_INCOMPATIBLE_ASSIGN("err.incompatible.assign", "assigning to ''{0}'' from incompatible type ''{1}''"), // to, from
    ERR_REFERENCE_BIND("err.reference.bind", "non-const lvalue reference to type ''{0}'' cannot bind to {1}"), // type, what
    ERR_DECOMPOSE_COUNT("err.decompose.count", "type ''{0}'' decomposes into {1}, but {2} provided"), // type, "2 elements", "3 names were"
    ERR_DECOMPOSE_TYPE("err.decompose.type", "cannot decompose non-class, non-array type ''{0}''"), // type
    ERR_INVALID_OPERANDS("err.invalid.operands", "invalid operands to binary expression (''{0}'' and ''{1}'')"), // types
    ERR_INVALID_UNARY("err.invalid.unary", "invalid argument type ''{0}'' to unary expression"), // type
    ERR_NOT_CALLABLE("err.not.callable", "called object type ''{0}'' is not a function or function pointer"), // type
    ERR_CALL_ARGS("err.call.args", "too {0} arguments to function call, expected {1}, have {2}"), // few/many, n, m
    ERR_NO_MATCHING_FUNCTION("err.no.matching.function", "no matching function for call to ''{0}''"), // name
    ERR_SUBSCRIPT("err.subscript", "subscripted value is not an array or pointer"),
    ERR_DEREF("err.deref", "indirection requires pointer operand (''{0}'' invalid)"), // type
    ERR_NOT_CONSTANT("err.not.constant", "expression is not an integral constant expression"),
    ERR_RETURN_VALUE("err.return.value", "non-void function ''{0}'' should return a value"), // name
    ERR_RETURN_VOID("err.return.void", "void function ''{0}'' should not return a value"), // name
    ERR_BREAK_OUTSIDE("err.break.outside", "''{0}'' statement not in loop or switch statement"), // break/continue
    ERR_KERNEL_RETURN("err.kernel.return", "a __global__ function must have a void return type"),
    ERR_KERNEL_REFERENCE("err.kernel.reference", "a parameter of a __global__ function cannot have reference type ''{0}''"), // type
    ERR_HOST_FROM_DEVICE("err.host.from.device", "calling a __host__ function(''{0}'') from a __global__ function(''{1}'') is not allowed"), // callee, caller
    ERR_DEVICE_FROM_HOST("err.device.from.host", "calling a __device__ function(''{0}'') from a __host__ function(''{1}'') is not allowed"), // callee, caller
    ERR_LAUNCH_NOT_KERNEL("err.launch.not.kernel", "''{0}'' is not a __global__ function; only kernels can be launched with <<<...>>>"), // name
    ERR_KERNEL_CALL("err.kernel.call", "a __global__ function call must be configured"),
    ERR_DEVICE_EXCEPTIONS("err.device.exceptions", "device code does not support exception handling"),
    ERR_LAUNCH_ARG("err.launch.arg", "cannot convert argument of type ''{0}'' to parameter of type ''{1}''"), // from, to
    // ---- templates
    ERR_NO_TEMPLATE_FOR_SPECIALIZATION("err.no.template.for.specialization", "no function template matches function template specialization ''{0}''"), // name
    ERR_PACK_NOT_EXPANDED("err.pack.not.expanded", "expression contains unexpanded parameter pack ''{0}''"), // name
    ERR_PACK_EXPANSION_NO_PACK("err.pack.expansion.no.pack", "pattern of pack expansion contains no unexpanded parameter packs"),
    ERR_PACK_LENGTHS("err.pack.lengths", "pack expansion contains parameter packs ''{0}'' and ''{1}'' that have different lengths ({2} vs. {3})"), // names, lengths
    ERR_STATIC_ASSERT("err.static.assert", "static assertion failed{0}"), // ": message" or ""
    ERR_STATIC_ASSERT_CONSTANT("err.static.assert.constant", "static assertion expression is not an integral constant expression"),
    ERR_ABSTRACT_VARIABLE("err.abstract.variable", "variable type ''{0}'' is an abstract class"), // class
    ERR_ABSTRACT_NEW("err.abstract.new", "allocating an object of abstract class type ''{0}''"), // class
    ERR_OVERRIDES_NOTHING("err.overrides.nothing", "''{0}'' marked ''override'' but does not override any member functions"), // method
    ERR_OVERRIDES_FINAL("err.overrides.final", "declaration of ''{0}'' overrides a ''final'' function"), // method
    ERR_DEVICE_STATIC_INIT("err.device.static.init", "dynamic initialization is not supported for a function-scope static __device__ variable within a __device__/__global__ function"),
    ERR_SPECIFIER_COMBINE("err.specifier.combine", "cannot combine with previous ''{0}'' declaration specifier"), // earlier word
    ERR_DESTRUCTOR_PARAMS("err.destructor.params", "destructor cannot have any parameters"),
    ERR_REFERENCE_UNINITIALIZED("err.reference.uninitialized", "declaration of reference variable ''{0}'' requires an initializer"), // name
    ERR_ARRAY_OF_AUTO("err.array.of.auto", "declared as array of 'auto'"),
    ERR_AUTO_PARAMETER("err.auto.parameter", "'auto' not allowed in function prototype"),
    ERR_REFERENCE_TO_VOID("err.reference.to.void", "cannot form a reference to 'void'"),
    ERR_ARRAY_OF_REFERENCES("err.array.of.references", "declared as array of references of type ''{0}''"), // reference type
    ERR_ARRAY_NEGATIVE("err.array.negative", "array size is negative"),
    ERR_ARRAY_TOO_LARGE("err.array.too.large", "array is too large ({0} elements): webcu holds objects of at most {1} GiB"), // count, GiB
    ERR_VLA_DEVICE("err.vla.device", "variable-length arrays are not supported in device code"),
    ERR_TEMPLATE_DEPTH("err.template.depth", "recursive template instantiation exceeded maximum depth of {0}"), // limit
    NOTE_PURE_VIRTUAL("note.pure.virtual", "unimplemented pure virtual method ''{0}'' in ''{1}''"), // method, class
    NOTE_OVERRIDDEN("note.overridden", "overridden virtual function is here"),
    NOTE_DECLARED_HERE("note.declared.here", "''{0}'' declared here"), // name
    NOTE_CANDIDATE("note.candidate", "candidate function not viable: {0}"), // reason
    NOTE_CANDIDATE_TEMPLATE("note.candidate.template", "candidate function template not viable: {0}"), // reason
    NOTE_CANDIDATE_IGNORED("note.candidate.ignored", "candidate template ignored: {0}"), // reason
    NOTE_CANDIDATES_OMITTED("note.candidates.omitted", "remaining {0} candidate{1} omitted; pass -fshow-overloads=all to show them"), // count, "s" or ""
    // ---- lowering, passes and backends
    ERR_NOT_SUPPORTED_WEBGPU("err.not.supported.webgpu", "not supported on WebGPU yet: {0}"), // feature
    ERR_NOT_SUPPORTED_VULKAN("err.not.supported.vulkan", "not supported on Vulkan (SPIR-V) yet: {0}"), // feature
    ERR_NOT_SUPPORTED("err.not.supported", "not supported yet: {0}"), // feature
    ERR_UNDEFINED_REFERENCE("err.undefined.reference", "undefined reference to ''{0}''"), // name
    ERR_NO_MAIN("err.no.main", "no ''main'' function in the program");

    public final String key;
    public final String template;

    DiagKey(String key, String template) {
        this.key = key;
        this.template = template;
    }

    /** The message with {@code {n}} replaced by the arguments; {@code ''} is a literal quote. */
    public String format(Object... args) {
        StringBuilder out = new StringBuilder();
        String t = template;
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c == '\'' && i + 1 < t.length() && t.charAt(i + 1) == '\'') {
                out.append('\'');
                i++;
            } else if (c == '{' && i + 2 < t.length() && t.charAt(i + 2) == '}' && Character.isDigit(t.charAt(i + 1))) {
                int n = t.charAt(i + 1) - '0';
                out.append(n < args.length ? String.valueOf(args[n]) : "?");
                i += 2;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
