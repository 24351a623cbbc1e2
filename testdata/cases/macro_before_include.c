// expect: job_hash converted
/*
 * A size macro defined before the file's #include lines: a header included
 * after it may use it (#ifndef JOB_HASH_SIZE ... in code the rule does not
 * read), so it stays even where the file's own code no longer names it. The
 * table itself is declared after every include, and converts.
 */
#define JOB_HASH_SIZE	32

#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>

struct job {
	unsigned int id;
	struct hlist_node hash;
};

static struct hlist_head job_hash[JOB_HASH_SIZE];

static void job_add(struct job *j)
{
	hlist_add_head(&j->hash, &job_hash[j->id & (JOB_HASH_SIZE - 1)]);
}

static struct job *job_find(unsigned int id)
{
	struct job *j;

	hlist_for_each_entry(j, &job_hash[id & (JOB_HASH_SIZE - 1)], hash)
		if (j->id == id)
			return j;
	return NULL;
}

int main(void)
{
	static struct job jobs[40];
	unsigned int id, found = 0;

	for (id = 0; id < 40; id++) {
		jobs[id].id = id * 5;
		job_add(&jobs[id]);
	}
	for (id = 0; id < 200; id++)
		found += job_find(id) != NULL;
	printf("found %u of 200\n", found);
	return 0;
}
