#include "sim/granular/SweepOrder.h"

#include <algorithm>

#include "sim/granular/GranularPhases.h"

namespace impactlab::granular::phases {

int SweepOrder::findTask(int a, int b) const {
    const int la = leafOf[a], lb = b >= 0 ? leafOf[b] : la;
    if (la == lb) return la;
    // The separator of the node where the two leaves' paths part: at the highest bit that differs.
    const int parting = 31 - __builtin_clz(static_cast<unsigned>(la ^ lb));
    return levelStart(depth - 1 - parting) + (la >> (parting + 1));
}

bool SweepOrder::touchesAny(int task, int firstLeaf, int endLeaf) const {
    if (touches.empty()) return true;   // not filled (one thread): assume the worst
    const std::uint64_t* bits = &touches[static_cast<std::size_t>(task) * words];
    for (int leaf = firstLeaf; leaf < endLeaf; ++leaf)
        if (bits[leaf / 64] >> (leaf % 64) & 1) return true;
    return false;
}

template <typename Contacts>
SweepOrder planSweep(int spheres, int owned, const Contacts& contacts) {
    SweepOrder order;
    const int nc = static_cast<int>(contacts.size());
    while (order.depth < kMaxSweepDepth && (nc >> (order.depth + 1)) >= kContactsPerSweepLeaf) ++order.depth;
    const int leaves = 1 << order.depth;
    order.words = (leaves + 63) / 64;
    order.leafOf.assign(static_cast<std::size_t>(spheres), -1);
    // Leaf j starts at the sphere a of contact nc j / 2^depth: equal shares of
    // the contacts (the list is by sphere a), found without reading the rest.
    int begin = 0;
    for (int leaf = 0; leaf < leaves; ++leaf) {
        const int end = leaf + 1 == leaves ? owned : contacts[static_cast<std::size_t>(splitList(nc, leaf + 1, leaves))].a;
        std::fill(order.leafOf.begin() + begin, order.leafOf.begin() + std::max(begin, end), leaf);
        begin = std::max(begin, end);
    }
    if (spheres > owned)
        for (std::size_t m = 0; m < contacts.size(); ++m) {
            const Contact& c = contacts[m];
            if (c.b >= owned && order.leafOf[c.b] < 0) order.leafOf[c.b] = order.leafOf[c.a];
        }
    return order;
}

template SweepOrder planSweep<ContactList>(int, int, const ContactList&);
template SweepOrder planSweep<ContactChunks>(int, int, const ContactChunks&);

}  // namespace impactlab::granular::phases
