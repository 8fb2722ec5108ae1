#!/usr/bin/env python3
"""Variants of webcu's and Tint's SPIR-V for the bench kernels (issue 15's bisection), made by editing
the disassembly and assembling it with spirv-as; each is checked by spirv-val and then run by
SpirvBench (bench/vulkan/spirv_bisect.sh makes DIR and runs this):

  python3 bench/vulkan/spirv_variants.py DIR

DIR holds SpirvBench emit's PROG.webcu.spv and tint_dump.mjs's KERNEL.tint*.spvasm. Writes
DIR/v/KERNEL.LABEL.spv and DIR/v/cases.txt (one SpirvBench case per line: KERNEL=LABEL=FILE, FILE
relative to DIR/v).

webcu's variants, each one difference from webcu's module toward Tint's:
  ls      the kernel's workgroup size as a literal LocalSize (no WorkgroupSize built-in from SpecIds 0-2)
  vkmm    the Vulkan memory model (OpMemoryModel Logical Vulkan), as Tint declares
  ls_vkmm both
  nofold  blockIdx.x = workgroup_id.x (GridFolding's `% grid.w` and `* num_workgroups.x` taken out; SAXPY)
  rot     loops that open with `if (!c) break;` test c at their back edge (do-while; not SAXPY)
  rot_ls  rot and ls
  brk     loops that open with `if (!c) break;` branch to their merge from the test itself (no selection)
  strip   without OpLine/OpName (spirv-opt --strip-debug)
  opt     spirv-opt -O
  webcu_old, old_nouni  an earlier compiler's module (DIR/old/PROG.webcu.spv), and it with barriers on workgroup
          memory only (no UniformMemory)
Tint's: tint (Dawn's robustness on, as the runtime's WebGPU runs), tint_norobust (Dawn's
disable_robustness), tint_glsl (Tint's with the GLSL450 memory model, as webcu declares).
"""
import os
import re
import subprocess
import sys

KERNELS = {  # kernel: (program, workgroup size)
    'saxpy': ('saxpy', (256, 1, 1)),
    'reduce256': ('reduce', (256, 1, 1)),
    'sgemm_naive': ('sgemm', (16, 16, 1)),
    'sgemm_tiled16': ('sgemm', (16, 16, 1)),
}
CASE_NAME = {'reduce256': 'reduce'}


def run(*cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw).stdout


def assemble(text, out):
    src = out[:-4] + '.spvasm'
    with open(src, 'w') as f:
        f.write(text)
    version = re.search(r'; Version: (\d+\.\d+)', text)
    env = 'spv' + (version.group(1) if version else '1.5')
    run('spirv-as', '--target-env', env, src, '-o', out)
    run('spirv-val', '--target-env', 'vulkan1.2', out)


def entry_id(text, kernel):
    m = re.search(r'OpEntryPoint GLCompute (%\w+) "' + kernel + '"', text)
    return m.group(1)


def local_size(text, kernel, size):
    eid = entry_id(text, kernel)
    text = re.sub(r'OpExecutionMode ' + eid + r' LocalSize \d+ \d+ \d+',
                  'OpExecutionMode %s LocalSize %d %d %d' % ((eid,) + size), text)
    return re.sub(r'\n\s*OpDecorate %\w+ BuiltIn WorkgroupSize', '', text)


def vulkan_mm(text):
    """Tint's memory model: barriers also MakeAvailable|MakeVisible, loads and stores of buffers and
    shared memory NonPrivatePointer (so that they take part in the barriers' availability chains)."""
    text = text.replace('OpMemoryModel Logical GLSL450', 'OpMemoryModel Logical Vulkan')
    text = text.replace('OpCapability Shader\n', 'OpCapability Shader\n               OpCapability VulkanMemoryModel\n'
                        '               OpCapability VulkanMemoryModelDeviceScope\n', 1)
    sems = set(m.group(1) for m in re.finditer(r'OpControlBarrier %\w+ %\w+ (%\w+)', text))
    for sem in sems:
        text = re.sub(r'(\n\s*' + sem + r' = OpConstant %\w+ )(\d+)', lambda m: m.group(1) + str(int(m.group(2)) | 0x6000), text)
    sc = {}
    for m in re.finditer(r'(%\w+) = OpTypePointer (\w+) ', text):
        sc[m.group(1)] = m.group(2)
    where = {}
    for m in re.finditer(r'(%\w+) = Op(?:Variable|AccessChain|InBoundsAccessChain|PtrAccessChain) (%\w+)', text):
        where[m.group(1)] = sc.get(m.group(2))
    shared = ('Workgroup', 'StorageBuffer')

    def load(m):
        return m.group(0) + (' NonPrivatePointer' if where.get(m.group(2)) in shared else '')

    text = re.sub(r'(= OpLoad %\w+ (%\w+))(?=\n)', load, text)
    return re.sub(r'(OpStore (%\w+) %\w+)(?=\n)', load, text)


def glsl_mm(text):
    text = text.replace('OpMemoryModel Logical Vulkan', 'OpMemoryModel Logical GLSL450')
    text = re.sub(r'\n\s*OpCapability VulkanMemoryModel(DeviceScope)?', '', text)
    text = re.sub(r'\n\s*OpExtension "SPV_KHR_vulkan_memory_model"', '', text)
    sems = set(m.group(1) for m in re.finditer(r'OpControlBarrier %\w+ %\w+ (%\w+)', text))
    for sem in sems:
        text = re.sub(r'(\n\s*' + sem + r' = OpConstant %\w+ )(\d+)', lambda m: m.group(1) + str(int(m.group(2)) & ~0x6000), text)
    return re.sub(r' (NonPrivatePointer|MakePointerAvailable %\w+|MakePointerVisible %\w+)', '', text)


def function_of(text, fid):
    start = text.index(fid + ' = OpFunction ')
    end = text.index('OpFunctionEnd', start)
    return start, end


def no_fold(text, kernel):
    """blockIdx.x = workgroup_id.x: the kernel's first OpUMod (workgroup_id.y % grid.w) becomes 0."""
    start, end = function_of(text, entry_id(text, kernel))
    zero = re.search(r'(%\w+) = OpConstant (%\w+) 0\n', text)
    body = text[start:end]
    m = re.search(r'(%\w+) = OpUMod (%\w+) (%\w+) (%\w+)', body)
    body = body[:m.start()] + '%s = OpIMul %s %s %s' % (m.group(1), m.group(2), m.group(3), zero.group(1)) + body[m.end():]
    return text[:start] + body + text[end:]


def rotate(text, kernel):
    """Every loop of the kernel whose body opens with `if (!c) break;` tests c at its back edge instead
    (a do-while: right for the bench's loops, which run at least once), as the WGSL target's RotateLoops
    does (with its guard) and as Tint's SPIR-V of that WGSL has it. The test's instructions are copied
    into the continue block with fresh ids; the old test stays, dead."""
    start, end = function_of(text, entry_id(text, kernel))
    body = text[start:end]
    fresh = [int(re.search(r'; Bound: (\d+)', text).group(1))]
    count = 0
    for m in list(re.finditer(r'OpLoopMerge (%\w+) (%\w+) None\n\s*OpBranch (%\w+)\n', body)):
        merge, cont, first = m.groups()
        b = re.search(r'\n\s*' + first + r' = OpLabel\n((?:(?!\n\s*%\w+ = OpLabel)[\s\S])*?)\s*OpSelectionMerge (%\w+) None\n'
                      r'\s*OpBranchConditional (%\w+) (%\w+) (%\w+)\n\s*(%\w+) = OpLabel\n(?:\s*OpLine [^\n]*\n)*\s*OpBranch (%\w+)\n', body)
        # groups: 1 the test's instructions, 2 the selection's merge, 3 !c, 4 the break block, 5 the rest of
        # the body, 6 the break block's label, 7 its target
        if not b or b.group(6) != b.group(4) or b.group(7) != merge or b.group(2) != b.group(5):
            continue
        test = [l for l in b.group(1).split('\n') if l.strip() and 'OpLine' not in l]
        if any('OpStore' in l or 'OpAtomic' in l or 'OpFunctionCall' in l for l in test):
            continue
        names = {}
        copied = []
        for l in test:
            for old, new in names.items():
                l = re.sub(old + r'\b', new, l)
            d = re.match(r'\s*(%\w+) = ', l)
            if d:
                names[d.group(1)] = '%' + str(fresh[0])
                fresh[0] += 1
                l = l.replace(d.group(1) + ' =', names[d.group(1)] + ' =', 1)
            copied.append(l)
        notc = names[b.group(3)]
        # the body no longer tests: its first block goes straight on
        body = body[:b.start()] + b.group(0).replace(
            b.group(0)[b.group(0).index('OpSelectionMerge'):b.group(0).index(b.group(6) + ' = OpLabel')],
            'OpBranch %s\n        ' % b.group(5)) + body[b.end():]
        # the continue block ends by testing: back to the header while c holds
        c = re.search(r'\n\s*' + cont + r' = OpLabel\n[\s\S]*?\n(\s*)OpBranch (%\w+)\n', body)
        branch_at = c.end() - len(c.group(0).split('\n')[-2]) - 1
        body = body[:branch_at] + '\n'.join(copied) + '\n               OpBranchConditional %s %s %s\n' % (
            notc, merge, c.group(2)) + body[c.end():]
        count += 1
    text = text[:start] + body + text[end:]
    text = re.sub(r'; Bound: \d+', '; Bound: %d' % fresh[0], text)
    return text, count


def direct_break(text, kernel):
    """Every loop whose body opens with `if (!c) break;` branches to its merge straight from that test
    (OpBranchConditional !c merge rest, no selection construct: glslang's form of a for loop's test)."""
    start, end = function_of(text, entry_id(text, kernel))
    body = text[start:end]
    count = 0
    for m in list(re.finditer(r'OpLoopMerge (%\w+) (%\w+) None\n\s*OpBranch (%\w+)\n', body)):
        merge, first = m.group(1), m.group(3)
        b = re.search(r'\n\s*' + first + r' = OpLabel\n((?:(?!\n\s*%\w+ = OpLabel)[\s\S])*?)\s*OpSelectionMerge (%\w+) None\n'
                      r'\s*OpBranchConditional (%\w+) (%\w+) (%\w+)\n\s*(%\w+) = OpLabel\n(?:\s*OpLine [^\n]*\n)*\s*OpBranch (%\w+)\n', body)
        if not b or b.group(6) != b.group(4) or b.group(7) != merge or b.group(2) != b.group(5):
            continue
        g = b.group(0)
        g = g.replace(g[g.index('OpSelectionMerge'):g.index(b.group(6) + ' = OpLabel')],
                      'OpBranchConditional %s %s %s\n        ' % (b.group(3), merge, b.group(5)))
        body = body[:b.start()] + g + body[b.end():]
        count += 1
    return text[:start] + body + text[end:], count


def workgroup_barriers(text):
    """Barriers that order workgroup memory only (AcquireRelease | WorkgroupMemory), as Tint's."""
    sems = set(m.group(1) for m in re.finditer(r'OpControlBarrier %\w+ %\w+ (%\w+)', text))
    for sem in sems:
        text = re.sub(r'(\n\s*' + sem + r' = OpConstant %\w+ )(\d+)', lambda m: m.group(1) + str(int(m.group(2)) & ~0x40), text)
    return text


def main():
    d = sys.argv[1]
    out = os.path.join(d, 'v')
    os.makedirs(out, exist_ok=True)
    cases = []

    def add(kernel, label, text=None, spv=None):
        f = os.path.join(out, '%s.%s.spv' % (kernel, label))
        try:
            if text is not None:
                assemble(text, f)
            else:
                os.replace(spv, f)
                run('spirv-val', '--target-env', 'vulkan1.2', f)
        except subprocess.CalledProcessError as e:
            print('%s %s: not made: %s' % (kernel, label, (e.stderr or e.stdout).strip()[:400]))
            return
        cases.append('%s=%s=%s' % (CASE_NAME.get(kernel, kernel), label, os.path.basename(f)))

    for kernel, (prog, size) in KERNELS.items():
        spv = os.path.join(d, prog + '.webcu.spv')
        ours = run('spirv-dis', '--raw-id', spv)
        old = os.path.join(d, 'old', prog + '.webcu.spv')
        if os.path.exists(old):
            # an earlier compiler's module (OLD in spirv_bisect.sh), and it with workgroup-only barriers
            before = run('spirv-dis', '--raw-id', old)
            add(kernel, 'webcu_old', before)
            if 'OpControlBarrier' in before:
                add(kernel, 'old_nouni', workgroup_barriers(before))
        add(kernel, 'webcu', ours)
        add(kernel, 'ls', local_size(ours, kernel, size))
        add(kernel, 'vkmm', vulkan_mm(ours))
        add(kernel, 'ls_vkmm', vulkan_mm(local_size(ours, kernel, size)))
        if kernel == 'saxpy':
            add(kernel, 'nofold', no_fold(ours, kernel))
        else:
            rotated, n = rotate(ours, kernel)
            print('%s: %d loops rotated' % (kernel, n))
            direct, _ = direct_break(ours, kernel)
            if n:
                add(kernel, 'brk', direct)
                add(kernel, 'rot', rotated)
                add(kernel, 'rot_ls', local_size(rotated, kernel, size))
        tmp = os.path.join(out, 'tmp.spv')
        run('spirv-opt', '--strip-debug', spv, '-o', tmp)
        add(kernel, 'strip', spv=tmp)
        run('spirv-opt', '-O', '--target-env=vulkan1.2', spv, '-o', tmp)
        add(kernel, 'opt', spv=tmp)
        for tag in ('', '_norobust', '_nv', '_nv_norobust'):
            f = os.path.join(d, '%s.tint%s.spvasm' % (kernel, tag))
            if os.path.exists(f):
                tint = open(f).read()
                add(kernel, 'tint' + tag, tint)
                if tag == '':
                    add(kernel, 'tint_glsl', glsl_mm(tint))
    with open(os.path.join(out, 'cases.txt'), 'w') as f:
        f.write('\n'.join(cases) + '\n')
    print('%d cases in %s' % (len(cases), os.path.join(out, 'cases.txt')))


if __name__ == '__main__':
    main()
