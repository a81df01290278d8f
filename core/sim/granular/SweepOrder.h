#pragma once
// The order in which a Gauss-Seidel sweep visits a step's contacts: a nested
// dissection of the contact graph, fixed by the contacts alone, so that the
// sweep is the same sequence of updates on any number of threads.
//
// The world's first `owned` spheres are cut, in index order, into 2^depth
// leaves holding equal shares of the contacts (spheres are listed roughly in
// space: a lattice, an inflow's layers, so an index range is a compact
// region). A contact whose spheres lie in one leaf belongs to that leaf;
// otherwise to the node of the binary tree over the leaves where its spheres'
// leaves part: its separator. A sweep visits every leaf, then the separators
// level by level up to the root, each task's contacts in their detected
// order. Tasks that are not one below the other share no sphere, so a task
// only needs the tasks below it done first, and, from the step's second sweep
// on, its own previous sweep and those above it whose contacts reach its
// spheres (GaussSeidelSweeper schedules them so).
#include <cstdint>
#include <vector>

namespace impactlab::granular::phases {

// The dissection's depth grows while every leaf still holds this many
// contacts on average; a world with fewer is one task (the detected order).
inline constexpr int kContactsPerSweepLeaf = 2048;
// At most 2^kMaxSweepDepth leaves: enough tasks a level for 256 threads.
inline constexpr int kMaxSweepDepth = 8;

struct SweepOrder {
    int depth = 0;                 // the leaves are level `depth`, the root level 0
    std::vector<int> leafOf;       // per sphere of the world (a ghost no contact reaches: -1)
    std::vector<int> taskStarts;   // task k: contacts [taskStarts[k], taskStarts[k + 1])

    // Tasks are numbered in sweep order: the 2^depth leaves, then level
    // depth - 1, ..., the root last. Node j of level L is task levelStart(L) + j.
    int levelStart(int level) const { return (2 << depth) - (2 << level); }
    int taskCount() const { return (2 << depth) - 1; }
    // The task of a contact between spheres a and b (b < 0: an obstacle).
    int findTask(int a, int b) const;

    // Per separator task, the leaves its contacts' spheres lie in: bit l of
    // touches[task * words + l / 64] (prepareContacts fills them when the
    // sweep runs on threads).
    int words = 0;
    std::vector<std::uint64_t> touches;
    void markTouch(std::vector<std::uint64_t>& bits, int task, int leaf) const {
        bits[static_cast<std::size_t>(task) * words + leaf / 64] |= std::uint64_t{1} << (leaf % 64);
    }
    // Whether separator `task` reaches a leaf of [firstLeaf, endLeaf).
    bool touchesAny(int task, int firstLeaf, int endLeaf) const;
};

// The dissection of a step's contacts, listed by sphere a as detectContacts
// lists them: the depth from their count, and the leaves cut at equal shares
// of them. The world has `spheres`, of which those from `owned` on are ghosts,
// each put in the leaf of the first contact that reaches it.
template <typename Contacts>
SweepOrder planSweep(int spheres, int owned, const Contacts& contacts);

// The contacts of thread t's part of the list [n t / T, n (t + 1) / T): the
// parts both of the pass that finds the tasks and of the reordering.
inline int splitList(int n, int t, int threads) { return static_cast<int>(static_cast<long long>(n) * t / threads); }

}  // namespace impactlab::granular::phases
